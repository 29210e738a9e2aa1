/**
 * /skill/streamInvoke from the browser: a POST through the app's session-aware fetch (cookies
 * included, a 401 refreshes and replays), read as Server-Sent Events — one `data: <json>` line per
 * event. A refusal before streaming (bad input, no model, quota…) answers the JSON wrapper and is
 * thrown as an ApiError, like every other call.
 */
import { ApiError, type InvokeSkill, type SkillEvent } from '@atelier/contract';
import { api, refreshQueue } from '../../api/client';
import { createSessionFetch } from '../../api/sessionFetch';
import { platform } from '../../platform/platform';

/** The request body as the browser writes it (defaults filled by the server). */
export type InvokeBody = Omit<InvokeSkill, 'skillName'> & { skillName?: InvokeSkill['skillName'] };

const sessionFetch = createSessionFetch(platform.fetch, refreshQueue);

/** Splits a text stream into SSE frames and parses their `data:` lines. */
export function createSseParser(onEvent: (event: SkillEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n/g, '\n');
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue;
      try {
        onEvent(JSON.parse(data) as SkillEvent);
      } catch {
        // a malformed frame is skipped; the next one may be fine
      }
    }
  };
}

async function refusal(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { errCode?: string; errMsg?: string; traceId?: string };
    return new ApiError(body.errCode ?? 'E0000', body.errMsg, {
      status: res.status,
      ...(body.traceId ? { traceId: body.traceId } : {}),
    });
  } catch (cause) {
    return new ApiError('E0000', undefined, { status: res.status, cause });
  }
}

/** Streams one run; resolves when the stream ends (normally after the `end` event). */
export async function streamSkill(
  body: InvokeBody,
  onEvent: (event: SkillEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const send = () =>
    sessionFetch(api.url('skill.streamInvoke'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  let res = await send();
  // an expired session: one shared refresh, then the request once more (spec section 4)
  if (res.status === 401 && (await refreshQueue.refresh())) res = await send();
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
    throw await refusal(res);
  }
  const parse = createSseParser(onEvent);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parse(value);
  }
  parse('\n\n');
}
