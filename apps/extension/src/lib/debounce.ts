/**
 * The 300 ms messaging debounce of spec section 9: the same message sent again within the window
 * (a double click on "Clip", a shortcut pressed twice) joins the first call instead of starting
 * another, so it creates one resource, not two.
 */

export const MESSAGE_DEBOUNCE_MS = 300;

export function createDebouncer(windowMs = MESSAGE_DEBOUNCE_MS, now: () => number = () => Date.now()) {
  const recent = new Map<string, { at: number; result: Promise<unknown> }>();
  return function run<T>(key: string, start: () => Promise<T>): Promise<T> {
    const time = now();
    for (const [k, entry] of recent) if (time - entry.at >= windowMs) recent.delete(k);
    const hit = recent.get(key);
    if (hit) return hit.result as Promise<T>;
    const result = start();
    recent.set(key, { at: time, result });
    return result;
  };
}
