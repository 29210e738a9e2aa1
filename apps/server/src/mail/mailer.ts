/**
 * Outgoing mail. SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox:
 * each message is appended as one JSON line to DATA_DIR/mail-outbox.jsonl and its code logged,
 * so a self-hoster without SMTP can still sign up (and tests can read the codes).
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type Nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { MailMessage, Mailer } from '../context.js';
import { systemClock, type Clock } from '../lib/clock.js';

interface MailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export const OUTBOX_FILE = 'mail-outbox.jsonl';

export async function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>,
  log: MailLog,
  /** Stamps the outbox lines (`at`). */
  clock: Clock = systemClock,
): Promise<Mailer> {
  if (config.SMTP_URL) {
    // loaded only when mail goes out through SMTP (the outbox needs none of it)
    const { default: nodemailer } = await import('nodemailer');
    return createSmtpMailer(nodemailer, config.SMTP_URL, config.MAIL_FROM, log);
  }
  return createOutboxMailer(join(config.dataDir, OUTBOX_FILE), log, clock);
}

function createSmtpMailer(
  nodemailer: typeof Nodemailer,
  smtpUrl: string,
  from: string,
  log: MailLog,
): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  // Checked in the background: an unreachable SMTP server must not stop the server from starting.
  transport.verify().then(
    () => log.info({ mail: 'smtp' }, 'SMTP server reachable'),
    (err: unknown) => log.warn({ err }, 'SMTP server not reachable; mails will fail until it is'),
  );
  return {
    driver: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer(file: string, log: MailLog, clock: Clock): Mailer {
  let dirReady: Promise<unknown> | null = null;
  return {
    driver: 'outbox',
    async send(message: MailMessage) {
      dirReady ??= mkdir(dirname(file), { recursive: true });
      await dirReady;
      const line = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.meta?.code ? { code: message.meta.code } : {}),
        ...(message.meta?.purpose ? { purpose: message.meta.purpose } : {}),
        at: clock.date().toISOString(),
      };
      // One write per line, so concurrent sends never interleave within a line.
      await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
      log.info(
        { to: message.to, subject: message.subject, ...message.meta },
        'mail written to the development outbox (set SMTP_URL to send mail)',
      );
    },
    async close() {},
  };
}
