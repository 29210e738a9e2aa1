/**
 * The server's logger: JSON lines for collectors, or short readable lines on a terminal
 * (LOG_FORMAT=auto|json|pretty; auto = pretty when the destination is a TTY). Pretty output uses
 * pino-pretty as an in-process stream, not a pino transport: transports load a worker thread by
 * module path, which the esbuild bundle (dist/main.js) does not carry.
 */
import { pino, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';

export type LogFormat = 'auto' | 'json' | 'pretty';

export interface LoggerOptions {
  level: string;
  format: LogFormat;
  /** Where lines go; process.stdout unless given (tests pass a captured stream). */
  destination?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The format `format` means for a destination that is (or is not) a terminal. */
export function resolveLogFormat(format: LogFormat, isTTY: boolean): 'json' | 'pretty' {
  if (format === 'auto') return isTTY ? 'pretty' : 'json';
  return format;
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export function createLogger(opts: LoggerOptions): Logger {
  const destination = opts.destination ?? process.stdout;
  const isTTY = destination.isTTY === true;
  const options = { level: opts.level, redact: REDACT };
  if (resolveLogFormat(opts.format, isTTY) === 'json') {
    // process.stdout: pino's own fast destination (fd 1), as before
    return opts.destination ? pino(options, opts.destination) : pino(options);
  }
  const pretty = pinoPretty({
    destination,
    colorize: isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
  });
  return pino(options, pretty);
}
