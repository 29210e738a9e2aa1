/**
 * Drawing an artifact's code as a picture, shared by the artifact view, the canvas cards and the
 * slides: sanitized SVG, Mermaid rendered to SVG markup (its library loaded on first use).
 */
import DOMPurify from 'dompurify';

/** Sanitized SVG markup (scripts, event handlers and foreign objects removed); '' when none. */
export function sanitizeSvg(content: string): string {
  if (!/<svg[\s>]/i.test(content)) return '';
  return DOMPurify.sanitize(content, { USE_PROFILES: { svg: true, svgFilters: true } });
}

let mermaidCounter = 0;

/**
 * Renders mermaid source to SVG markup inside `host` (an element of the artifact's own frame, so
 * mermaid's measuring happens there and nothing is added to the page body). The source is parsed
 * first and error rendering is suppressed: an invalid diagram throws a readable error instead of
 * drawing mermaid's "Syntax error" picture.
 */
export function renderMermaid(content: string, dark: boolean, host: HTMLElement): Promise<string> {
  // one at a time: mermaid's configuration (the theme) is global
  const run = queue.then(() => draw(content, dark, host));
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

let queue: Promise<void> = Promise.resolve();

async function draw(content: string, dark: boolean, host: HTMLElement): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    suppressErrorRendering: true,
    // labels as SVG text, not HTML in foreignObject: the picture then also draws onto a canvas
    // (a PNG for exports) and as an <img>
    htmlLabels: false,
    flowchart: { htmlLabels: false },
  });
  // throws a parse error with mermaid's message (line and expected tokens)
  await mermaid.parse(content);
  mermaidCounter += 1;
  const id = `atelier-mermaid-${mermaidCounter}`;
  const scratch = document.createElement('div');
  host.append(scratch);
  try {
    const { svg } = await mermaid.render(id, content, scratch);
    return svg;
  } finally {
    scratch.remove();
    // whatever mermaid left behind under its ids (it looks them up in the whole document)
    for (const leftover of [id, `d${id}`, `i${id}`]) document.getElementById(leftover)?.remove();
  }
}

const drawn = new Map<string, Promise<string>>();
const DRAWN_KEPT = 200;
let offscreen: HTMLElement | null = null;

/**
 * A Mermaid diagram's SVG for a card or a slide, drawn once per source and theme and kept (the
 * last 200): cards scrolling back into view do not draw again. Drawn in one hidden element of the
 * page (mermaid measures its text there).
 */
export function mermaidSvg(content: string, dark: boolean): Promise<string> {
  const key = `${dark ? 'd' : 'l'}:${content}`;
  let hit = drawn.get(key);
  if (hit) {
    drawn.delete(key);
    drawn.set(key, hit);
    return hit;
  }
  if (!offscreen) {
    offscreen = document.createElement('div');
    offscreen.setAttribute('aria-hidden', 'true');
    offscreen.style.cssText = 'position:fixed;left:-10000px;top:0;width:800px;visibility:hidden;';
    document.body.append(offscreen);
  }
  hit = renderMermaid(content, dark, offscreen);
  hit.catch(() => drawn.delete(key));
  drawn.set(key, hit);
  if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  return hit;
}

/** Width and height an SVG draws at: its width/height attributes, else its viewBox. */
export function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox?.baseVal;
  // mermaid writes width="100%": only absolute sizes count
  const attr = (name: string) => {
    const value = svg.getAttribute(name) ?? '';
    return value.endsWith('%') ? 0 : Number.parseFloat(value) || 0;
  };
  const width = attr('width') || box?.width || 800;
  const height = attr('height') || box?.height || 600;
  return { width, height };
}

/**
 * A PNG of SVG markup (at most `maxWidth` pixels wide, twice the drawn size for sharpness) on a
 * solid background, for the picture stored with an artifact.
 */
export async function svgToPng(markup: string, background: string, maxWidth = 1600): Promise<Blob> {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const svg = doc.documentElement as unknown as SVGSVGElement;
  if (svg.nodeName.toLowerCase() !== 'svg') throw new Error('not an SVG');
  const { width, height } = svgSize(svg);
  const scale = Math.min(2, maxWidth / width);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.removeAttribute('style');
  const source = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}

/** A React component's TSX compiled to the CommonJS module the sandbox runs (sucrase, loaded on first use). */
export async function compileReact(content: string): Promise<string> {
  const { transform } = await import('sucrase');
  return transform(content, {
    transforms: ['typescript', 'jsx', 'imports'],
    jsxRuntime: 'classic',
    production: true,
  }).code;
}
