/**
 * Writing Markdown into a live document while an AI streams it: the document is held open through
 * Hocuspocus's direct connection, and the text (between a fixed prefix and suffix, for edits of a
 * selection) is converted Markdown → Tiptap JSON → Yjs and applied at most every `intervalMs`, so
 * connected browsers see it arrive. Every change goes through the update log; `finish` writes the
 * last text and refreshes the stored snapshot (content and preview) at once.
 */
import { markdownToYDoc, yDocToMarkdown } from '@atelier/editor';
import type { CollabService, LiveDocument } from './collab.service.js';
import { documentDocName } from './collab.names.js';

export interface LiveMarkdownWriter {
  /** The whole text written so far by the AI (not a delta). */
  push(text: string): void;
  /** Writes `text` now, refreshes the snapshot and closes the document. */
  finish(text: string): Promise<void>;
  /** Writes what was streamed and closes, without throwing. */
  close(text: string): Promise<void>;
}

export interface LiveMarkdownOptions {
  /** Kept before the streamed text (the part of the document before a selection). */
  prefix?: string;
  /** Kept after it. */
  suffix?: string;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}

/** The Markdown the document now holds, read through the live path. */
export async function readDocumentMarkdown(collab: CollabService, docId: string): Promise<string> {
  return collab.read(documentDocName(docId), (doc) => yDocToMarkdown(doc));
}

const join = (prefix: string, text: string, suffix: string): string => `${prefix}${text}${suffix}`;

export async function openLiveMarkdown(
  collab: CollabService,
  docId: string,
  opts: LiveMarkdownOptions = {},
): Promise<LiveMarkdownWriter> {
  const live: LiveDocument = await collab.openLive(documentDocName(docId));
  const prefix = opts.prefix ?? '';
  const suffix = opts.suffix ?? '';
  const interval = opts.intervalMs ?? 150;
  let latest: string | null = null;
  let written: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const writeLatest = (): Promise<void> => {
    chain = chain
      .then(async () => {
        const text = latest;
        if (text === null || text === written) return;
        written = text;
        await live.change((doc) => {
          markdownToYDoc(join(prefix, text, suffix), doc);
        });
      })
      .catch((err: unknown) => opts.onError?.(err));
    return chain;
  };

  const end = async (text: string, snapshot: boolean): Promise<void> => {
    if (closed) return;
    closed = true;
    if (timer) clearTimeout(timer);
    timer = null;
    latest = text;
    await writeLatest();
    try {
      if (snapshot) await live.snapshot();
    } finally {
      live.close();
    }
  };

  return {
    push(text) {
      if (closed) return;
      latest = text;
      timer ??= setTimeout(() => {
        timer = null;
        void writeLatest();
      }, interval);
    },
    finish: (text) => end(text, true),
    close: (text) => end(text, true).catch((err: unknown) => opts.onError?.(err)),
  };
}
