/**
 * Markdown-aware chunking for the library index: splits at headings and blank lines, keeps fenced
 * code blocks whole when they fit, packs blocks into chunks of about CHUNK_SIZE characters and
 * starts each chunk with the tail of the previous one (CHUNK_OVERLAP) so a sentence cut at a
 * boundary is still found. Oversized blocks are cut at line, then sentence, then hard boundaries.
 */
export const CHUNK_SIZE = 1500;
export const CHUNK_OVERLAP = 200;
/** Most chunks one item gets (a 1.5 MB text); the rest of a longer text is not indexed. */
export const MAX_CHUNKS = 1000;

/** Top-level blocks: a fenced code block, a heading line, or a paragraph. */
export function markdownBlocks(markdown: string): string[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const text = current.join('\n').trim();
    if (text) blocks.push(text);
    current = [];
  };
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      current.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) {
        fence = null;
        flush();
      }
      continue;
    }
    if (marker) {
      flush();
      fence = marker;
      current.push(line);
    } else if (/^\s{0,3}#{1,6}\s/.test(line)) {
      flush();
      blocks.push(line.trim());
    } else if (!line.trim()) {
      flush();
    } else {
      current.push(line);
    }
  }
  flush();
  return blocks;
}

/** Cuts a block longer than `size` at newlines, then sentence ends, then anywhere. */
function splitLong(block: string, size: number): string[] {
  if (block.length <= size) return [block];
  for (const sep of [/\n/, /(?<=[.!?。！？;；])\s*/]) {
    const parts = block.split(sep).filter((p) => p.length > 0);
    if (parts.length > 1) {
      const out: string[] = [];
      let acc = '';
      for (const part of parts) {
        const joiner = sep.source === '\\n' ? '\n' : ' ';
        if (acc && acc.length + joiner.length + part.length > size) {
          out.push(acc);
          acc = part;
        } else {
          acc = acc ? acc + joiner + part : part;
        }
      }
      if (acc) out.push(acc);
      return out.flatMap((p) => splitLong(p, size));
    }
  }
  const out: string[] = [];
  for (let i = 0; i < block.length; i += size) out.push(block.slice(i, i + size));
  return out;
}

/** The tail of a chunk to repeat at the start of the next, cut at a word boundary when possible. */
function overlapTail(chunk: string, overlap: number): string {
  if (overlap <= 0 || chunk.length <= overlap) return '';
  const tail = chunk.slice(-overlap);
  const space = tail.search(/\s/);
  return (space >= 0 && space < overlap / 2 ? tail.slice(space + 1) : tail).trim();
}

export function chunkMarkdown(markdown: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): string[] {
  const pieces = markdownBlocks(markdown).flatMap((b) => splitLong(b, size));
  const chunks: string[] = [];
  let acc = '';
  for (const piece of pieces) {
    const isHeading = /^#{1,6}\s/.test(piece);
    // A heading opens a new chunk once the current one has some body.
    if (acc && (acc.length + 2 + piece.length > size || (isHeading && acc.length > size / 3))) {
      chunks.push(acc);
      if (chunks.length >= MAX_CHUNKS) return chunks;
      const tail = isHeading ? '' : overlapTail(acc, overlap);
      acc = tail && tail.length + 2 + piece.length <= size ? `${tail}\n\n${piece}` : piece;
    } else {
      acc = acc ? `${acc}\n\n${piece}` : piece;
    }
  }
  if (acc) chunks.push(acc);
  return chunks.slice(0, MAX_CHUNKS);
}
