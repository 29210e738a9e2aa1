/**
 * A fake model provider on 127.0.0.1 for tests, speaking the real protocols: OpenAI-compatible
 * `GET /v1/models`, `POST /v1/chat/completions` (JSON or SSE stream) and `POST /v1/embeddings`;
 * Ollama `GET /api/tags` (its OpenAI API is the same /v1); Anthropic `GET /v1/models` (when the
 * request carries `anthropic-version`) and a streamed `POST /v1/messages`. Chat streams can carry
 * reasoning, be slowed, stall, or fail with an HTTP status (e.g. 429). Every request is recorded;
 * `apiKey` is enforced when set.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeModelRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface FakeModelServer {
  /** Root URL, e.g. http://127.0.0.1:1234 (the OpenAI API is under /v1). */
  url: string;
  requests: FakeModelRequest[];
  /** Required as `Bearer` (or `x-api-key` for Anthropic) when set. */
  apiKey: string | null;
  /** Delay before answering the model lists, to test timeouts. */
  listDelayMs: number;
  /** The text a chat completion answers, streamed as one chunk per word. */
  reply: string;
  /** Streamed as `reasoning_content` deltas (one per word) before the reply; none when empty. */
  reasoning: string;
  /** When set, chat completions answer this HTTP status and error message instead. */
  chatError: { status: number; message: string } | null;
  /** Pause between streamed chat chunks. */
  chunkDelayMs: number;
  /** After this many reply chunks the stream stalls (stays open, sends nothing more). */
  stallAfterChunks: number | null;
  /**
   * Holds back the last word of every chat stream from now on until the returned function is
   * called: a test sees a stream still being written (a positive signal) however slow the
   * machine, instead of racing a delay.
   */
  holdLastChunk(): () => void;
  /**
   * When set and the request offers tools, a streamed answer calls these tools (OpenAI
   * `tool_calls` deltas, finish_reason `tool_calls`) unless the conversation already holds tool
   * results; then it answers `reply`.
   */
  toolCalls: Array<{ name: string; arguments: string }> | null;
  /** How many rounds of `toolCalls` a conversation gets before the answer (default 1). */
  toolRounds: number;
  close(): Promise<void>;
}

export const FAKE_MODELS = [
  'fake-chat',
  'fake-chat-large',
  'text-embedding-fake',
  'bge-reranker-fake',
  'whisper-1',
];

/** A deterministic vector for a text (so tests can compare embeddings). */
export function fakeEmbedding(text: string, dimensions = 4): number[] {
  const out = new Array<number>(dimensions).fill(0);
  for (let i = 0; i < text.length; i++) out[i % dimensions]! += text.charCodeAt(i) / 1000;
  return out;
}

export async function startFakeModelServer(opts: { apiKey?: string } = {}): Promise<FakeModelServer> {
  let gate: Promise<void> | null = null;
  const state: Omit<FakeModelServer, 'url' | 'close'> = {
    requests: [],
    apiKey: opts.apiKey ?? null,
    listDelayMs: 0,
    reply: 'Hello from the fake model',
    reasoning: '',
    chatError: null,
    chunkDelayMs: 0,
    stallAfterChunks: null,
    toolCalls: null,
    toolRounds: 1,
    holdLastChunk: () => {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const method = req.method ?? 'GET';
      state.requests.push({ method, path, headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(value));
      };
      const anthropic = typeof req.headers['anthropic-version'] === 'string';
      const presented = anthropic
        ? req.headers['x-api-key']
        : req.headers.authorization?.replace(/^Bearer /, '');
      if (state.apiKey && presented !== state.apiKey) {
        return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      }
      const later = (fn: () => void) => (state.listDelayMs ? setTimeout(fn, state.listDelayMs) : fn());

      if (method === 'GET' && path === '/v1/models') {
        return later(() =>
          anthropic
            ? json(200, {
                data: [{ id: 'claude-fake-1', display_name: 'Claude Fake', type: 'model' }],
                has_more: false,
              })
            : json(200, {
                object: 'list',
                data: [
                  ...FAKE_MODELS.map((id): Record<string, unknown> => ({
                    id,
                    object: 'model',
                    owned_by: 'fake',
                  })),
                  // OpenRouter-style extras: a display name and the context length
                  { id: 'fake-router/model', object: 'model', name: 'Router Model', context_length: 32768 },
                ],
              }),
        );
      }
      if (method === 'GET' && path === '/api/tags') {
        return later(() =>
          json(200, {
            models: [
              {
                name: 'llama-fake:1b',
                model: 'llama-fake:1b',
                details: { family: 'llama', families: ['llama'] },
              },
              {
                name: 'nomic-embed-fake:latest',
                model: 'nomic-embed-fake:latest',
                details: { family: 'nomic-bert' },
              },
            ],
          }),
        );
      }
      if (method === 'POST' && path === '/v1/embeddings') {
        const input = Array.isArray(body?.input) ? (body.input as string[]) : [String(body?.input ?? '')];
        const dims = typeof body?.dimensions === 'number' ? body.dimensions : 4;
        return json(200, {
          object: 'list',
          model: body?.model,
          data: input.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: fakeEmbedding(text, dims),
          })),
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        });
      }
      if (method === 'POST' && path === '/v1/chat/completions') {
        const model = String(body?.model ?? 'fake');
        if (state.chatError) {
          return json(state.chatError.status, {
            error: { message: state.chatError.message, type: 'fake_error', code: state.chatError.status },
          });
        }
        const words = state.reply.split(/(?= )/);
        const usage = { prompt_tokens: 7, completion_tokens: words.length, total_tokens: 7 + words.length };
        if (!body?.stream) {
          return json(200, {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 1,
            model,
            choices: [
              { index: 0, message: { role: 'assistant', content: state.reply }, finish_reason: 'stop' },
            ],
            usage,
          });
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model };
        const send = (v: unknown) => res.write(`data: ${JSON.stringify(v)}\n\n`);
        const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string }>) : [];
        const rounds = messages.filter(
          (m) => m.role === 'assistant' && Array.isArray((m as { tool_calls?: unknown }).tool_calls),
        ).length;
        if (state.toolCalls && Array.isArray(body.tools) && rounds < state.toolRounds) {
          state.toolCalls.forEach((call, index) => {
            const id = `call_fake_${rounds + 1}_${index + 1}`;
            send({
              ...base,
              choices: [
                {
                  index: 0,
                  delta: {
                    role: 'assistant',
                    tool_calls: [
                      { index, id, type: 'function', function: { name: call.name, arguments: '' } },
                    ],
                  },
                  finish_reason: null,
                },
              ],
            });
            send({
              ...base,
              choices: [
                {
                  index: 0,
                  delta: { tool_calls: [{ index, function: { arguments: call.arguments } }] },
                  finish_reason: null,
                },
              ],
            });
          });
          send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
          send({ ...base, choices: [], usage });
          res.end('data: [DONE]\n\n');
          return;
        }
        send({
          ...base,
          choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
        });
        const { chunkDelayMs, stallAfterChunks, reasoning } = state;
        const deltas = [
          ...(reasoning ? reasoning.split(/(?= )/).map((r) => ({ reasoning_content: r })) : []),
          ...words.map((w) => ({ content: w })),
        ];
        const pause = () => new Promise<void>((r) => setTimeout(r, chunkDelayMs));
        void (async () => {
          let sent = 0;
          const lastContent = deltas.length - 1;
          for (const [i, delta] of deltas.entries()) {
            if (chunkDelayMs) await pause();
            if (i === lastContent && gate) await gate;
            if (res.destroyed) return;
            if ('content' in delta && stallAfterChunks !== null && sent >= stallAfterChunks) return;
            send({ ...base, choices: [{ index: 0, delta, finish_reason: null }] });
            if ('content' in delta) sent++;
          }
          send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
          send({ ...base, choices: [], usage });
          res.end('data: [DONE]\n\n');
        })();
        return;
      }
      if (method === 'POST' && path === '/v1/messages' && anthropic) {
        const model = String(body?.model ?? 'claude-fake');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (event: string, data: Record<string, unknown>) =>
          res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
        const words = state.reply.split(/(?= )/);
        send('message_start', {
          message: {
            id: 'msg_fake',
            type: 'message',
            role: 'assistant',
            model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 7, output_tokens: 1 },
          },
        });
        send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
        for (const w of words)
          send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: w } });
        send('content_block_stop', { index: 0 });
        send('message_delta', {
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens: words.length },
        });
        send('message_stop', {});
        res.end();
        return;
      }
      json(404, { error: { message: `no route ${method} ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = state as FakeModelServer;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return fake;
}
