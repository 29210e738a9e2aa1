import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTBOX_FILE, createMailer } from './mailer.js';

describe('development outbox', () => {
  it('appends one JSON line per mail and logs the code', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'atelier-mail-')), 'nested');
    const logged: object[] = [];
    const log = { info: (o: object) => logged.push(o), warn: () => undefined };
    try {
      const mailer = await createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x <x@y.z>', dataDir }, log);
      expect(mailer.driver).toBe('outbox');
      await Promise.all([
        mailer.send({ to: 'a@b.c', subject: 's1', text: 't1', meta: { code: '123456', purpose: 'signup' } }),
        mailer.send({ to: 'd@e.f', subject: 's2', text: 't2' }),
      ]);
      const lines = readFileSync(join(dataDir, OUTBOX_FILE), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, string>);
      expect(lines).toHaveLength(2);
      expect(lines.find((l) => l.to === 'a@b.c')).toMatchObject({
        subject: 's1',
        text: 't1',
        code: '123456',
        purpose: 'signup',
        at: expect.any(String),
      });
      expect(lines.find((l) => l.to === 'd@e.f')).not.toHaveProperty('code');
      expect(logged).toContainEqual(expect.objectContaining({ to: 'a@b.c', code: '123456' }));
      await mailer.close();
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  });
});
