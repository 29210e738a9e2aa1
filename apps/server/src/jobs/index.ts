/**
 * Job queue factory: BullMQ when a Redis client is given (REDIS_URL), the in-process queue
 * otherwise. Only processes with the worker role consume; the others only enqueue. The in-process
 * queue times delays and retries on the app's clock; BullMQ's are kept by Redis in real time.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { JobQueue } from '../context.js';
import type { Clock } from '../lib/clock.js';
import { BullMqQueue } from './jobs.bullmq.js';
import type { JobLogger } from './jobs.define.js';
import { MemoryQueue } from './jobs.memory.js';

export { BullMqQueue, type BullMqQueueOptions } from './jobs.bullmq.js';
export { MemoryQueue, type MemoryQueueOptions } from './jobs.memory.js';
export { JobPayloadError, UnknownJobError, backoffDelay, defineJob, type JobLogger } from './jobs.define.js';

export async function createQueue(
  config: Pick<Config, 'ROLES'> & Partial<Pick<Config, 'REDIS_PREFIX'>>,
  log: JobLogger,
  redis?: Redis,
  clock?: Clock,
): Promise<JobQueue> {
  if (redis) return BullMqQueue.open({ redis, log, prefix: config.REDIS_PREFIX ?? 'atelier' });
  if (!config.ROLES.includes('worker')) {
    log.warn(
      { roles: config.ROLES },
      'no worker role and no REDIS_URL: jobs enqueued by this process will never run (set REDIS_URL to share a queue)',
    );
  }
  return new MemoryQueue({ log, ...(clock ? { clock } : {}) });
}
