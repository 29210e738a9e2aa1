/**
 * A test file's own corner of the machine's Redis (REDIS_URL): a key prefix no other file or
 * test run uses (REDIS_PREFIX: job queue, rate-limit windows, collab channels), and the clean-up
 * of everything stored under it.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export function testRedisPrefix(): string {
  return `atelier-test-${randomBytes(6).toString('hex')}`;
}

/** Deletes every key under `prefix` (the queue's `prefix:`, `prefix-rl:`, `prefix-collab…`). */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
