/**
 * Where copied canvas nodes go: localStorage (so paste works in any canvas of this browser, even
 * without clipboard permission) and the system clipboard as JSON text when the browser allows.
 */
import { parseClip, type CanvasClip } from './canvasOps';

export const CLIPBOARD_STORAGE_KEY = 'atelier.canvas.clipboard';

export async function writeClip(clip: CanvasClip): Promise<void> {
  const text = JSON.stringify(clip);
  try {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
  } catch {
    // storage full or disabled: the system clipboard may still work
  }
  try {
    await navigator.clipboard?.writeText(text);
  } catch {
    // no permission: localStorage holds it
  }
}

/** The system clipboard's text ('' without permission; a prompt is given up on after 1 s). */
export async function readSystemText(): Promise<string> {
  try {
    return await Promise.race([
      navigator.clipboard?.readText() ?? Promise.resolve(''),
      new Promise<string>((resolve) => setTimeout(() => resolve(''), 1000)),
    ]);
  } catch {
    return '';
  }
}

/** The system clipboard when it holds a clip (copied in another browser), else localStorage. */
export async function readClip(): Promise<CanvasClip | null> {
  const fromSystem = parseClip(await readSystemText());
  if (fromSystem) return fromSystem;
  try {
    return parseClip(localStorage.getItem(CLIPBOARD_STORAGE_KEY));
  } catch {
    return null;
  }
}
