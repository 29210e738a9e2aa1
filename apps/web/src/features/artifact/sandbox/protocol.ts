/** Messages between the artifact view and its sandboxed preview frame (artifact-sandbox.html). */

/** Path of the sandbox page; the server serves it with its own, script-friendly CSP. */
export const SANDBOX_PATH = '/artifact-sandbox.html';
/** The same page served with a policy that lets images, fonts, media, scripts and styles load from the network. */
export const SANDBOX_NETWORK_PATH = `${SANDBOX_PATH}?net=1`;

export type ToSandbox =
  /** Replace the frame's document with this HTML (scripts in it run). */
  | { type: 'atelier:html'; html: string }
  /** Run this CommonJS module (compiled TSX) and render its default export with React. */
  | { type: 'atelier:react'; code: string };

export type FromSandbox =
  { type: 'atelier:ready' } | { type: 'atelier:rendered' } | { type: 'atelier:error'; message: string };

export function isFromSandbox(value: unknown): value is FromSandbox {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    (value as { type: string }).type.startsWith('atelier:')
  );
}
