/** The logger factory: JSON or short pretty lines, by LOG_FORMAT and whether stdout is a TTY. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, resolveLogFormat } from './logger.js';

/** A writable that records what the logger writes, claiming to be a terminal or not. */
function captured(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => chunks.join('') };
}

describe('resolveLogFormat', () => {
  it('is pretty on a terminal and JSON otherwise for auto; explicit formats win', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('createLogger', () => {
  it('writes JSON lines when the destination is not a TTY (auto)', () => {
    const out = captured(false);
    createLogger({ level: 'info', format: 'auto', destination: out.stream }).info(
      { port: 5800 },
      'listening',
    );
    const line = JSON.parse(out.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'listening', port: 5800 });
  });

  it('writes JSON on a TTY when LOG_FORMAT=json', () => {
    const out = captured(true);
    createLogger({ level: 'info', format: 'json', destination: out.stream }).info('hello');
    expect(JSON.parse(out.text().trim())).toMatchObject({ msg: 'hello' });
  });

  it('writes one short readable line on a TTY (auto), and when LOG_FORMAT=pretty', () => {
    for (const [format, isTTY] of [
      ['auto', true],
      ['pretty', false],
    ] as const) {
      const out = captured(isTTY);
      createLogger({ level: 'info', format, destination: out.stream }).info({ port: 5800 }, 'listening');
      // eslint-disable-next-line no-control-regex -- colour codes on a terminal
      const text = out.text().replace(/\u001b\[[0-9;]*m/g, '');
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening \{"port":5800\}\n$/);
      expect(text).not.toContain('"pid"');
      expect(text).not.toContain('hostname');
    }
  });

  it('keeps cookies and authorization out of either format', () => {
    for (const format of ['json', 'pretty'] as const) {
      const out = captured(false);
      createLogger({ level: 'info', format, destination: out.stream }).info(
        { req: { headers: { cookie: 'sid=secret', authorization: 'Bearer secret' } } },
        'request',
      );
      expect(out.text()).not.toContain('secret');
    }
  });
});
