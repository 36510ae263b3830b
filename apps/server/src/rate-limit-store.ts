import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Key prefix of the counters in Redis, so a Redis shared with other services keeps them apart. */
export const RATE_LIMIT_NAMESPACE = 'paperknife:rate-limit:';

/**
 * Connects to the Redis that holds the rate-limit counters of every replica (`PAPERKNIFE_REDIS_URL`). A Redis
 * that cannot be reached at start stops start-up, like a bad variable. Once running, a Redis outage does not take
 * the API down: commands fail at once (no offline queue, one retry) and the rate limit lets requests through
 * (`skipOnError`) until the connection is back, with one warning per outage in the log.
 */
export async function connectRateLimitStore(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let reachable = false;
  const lost = (reason: string) => {
    if (reachable) log.warn({ err: reason }, 'rate-limit store unreachable: requests pass unlimited');
    reachable = false;
  };
  redis.on('error', (error: Error) => lost(error.message));
  // Closed by us (shutdown) ends in status 'end'; lost, it goes on to 'reconnecting'.
  redis.on('close', () => setImmediate(() => redis.status !== 'end' && lost('connection closed')));
  redis.on('ready', () => {
    if (!reachable) log.info('rate-limit store connected');
    reachable = true;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at PAPERKNIFE_REDIS_URL could not be reached: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return redis;
}
