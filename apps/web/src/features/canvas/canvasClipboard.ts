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

/** The system clipboard when it holds a clip (copied in another browser), else localStorage. */
export async function readClip(): Promise<CanvasClip | null> {
  try {
    // a permission prompt must not hold the paste: give up on the system clipboard after 1 s
    const text = await Promise.race([
      navigator.clipboard?.readText() ?? Promise.resolve(''),
      new Promise<string>((resolve) => setTimeout(() => resolve(''), 1000)),
    ]);
    const fromSystem = parseClip(text);
    if (fromSystem) return fromSystem;
  } catch {
    // no permission
  }
  try {
    return parseClip(localStorage.getItem(CLIPBOARD_STORAGE_KEY));
  } catch {
    return null;
  }
}
