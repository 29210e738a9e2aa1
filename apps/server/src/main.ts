/** Process entry: read the environment, start the server, shut down cleanly on SIGTERM/SIGINT. */
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir.js';
import { MissingExtensionError } from './db/db-errors.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  let server;
  try {
    server = await startServer(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75); // EX_TEMPFAIL
    }
    if (err instanceof MissingExtensionError) {
      console.error(err.message);
      process.exit(69); // EX_UNAVAILABLE
    }
    throw err;
  }
  const running = server;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.ctx.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      running.ctx.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT);
    timer.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        running.ctx.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
