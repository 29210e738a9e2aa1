/**
 * Server-Sent Events for a skill run: takes the reply over from Fastify, writes the headers Fastify
 * had prepared (CORS, trace id) and one `data: <json>\n\n` line per event. After the client has
 * gone, events are dropped; the run itself goes on.
 */
import type { FastifyReply } from 'fastify';
import type { SkillSink } from '../../skills/skill.engine.js';

export interface SseStream extends SkillSink {
  close(): void;
}

export function openSse(reply: FastifyReply): SseStream {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = String(v);
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let open = true;
  raw.on('close', () => {
    open = false;
  });
  return {
    emit(event) {
      if (open && !raw.writableEnded) raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    close() {
      if (!raw.writableEnded) raw.end();
    },
  };
}
