/**
 * The 300 ms messaging debounce of spec section 9: the same message sent again within the window
 * (a double click on "Clip", a shortcut pressed twice) joins the first call instead of starting
 * another, so it creates one resource, not two.
 *
 * A read (the sign-in state, an address check) must tell the state as it is now: it joins a call
 * that is still running, but once that call has answered the next one asks again. Reusing a
 * finished status answer made the popup say "signed in" right after a sign-out in the web app.
 */

export const MESSAGE_DEBOUNCE_MS = 300;

export type DebounceKind = 'write' | 'read';

export function createDebouncer(windowMs = MESSAGE_DEBOUNCE_MS, now: () => number = () => Date.now()) {
  const recent = new Map<string, { at: number; result: Promise<unknown> }>();
  return function run<T>(key: string, start: () => Promise<T>, kind: DebounceKind = 'write'): Promise<T> {
    const time = now();
    for (const [k, entry] of recent) if (time - entry.at >= windowMs) recent.delete(k);
    const hit = recent.get(key);
    if (hit) return hit.result as Promise<T>;
    const result = start();
    const entry = { at: time, result };
    recent.set(key, entry);
    if (kind === 'read') {
      const forget = () => {
        if (recent.get(key) === entry) recent.delete(key);
      };
      result.then(forget, forget);
    }
    return result;
  };
}
