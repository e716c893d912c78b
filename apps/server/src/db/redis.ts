import { Redis } from 'ioredis'

/**
 * The Redis connection of a process (`REDIS_URL`), for what several processes must share: rate
 * limits and sign-in limits now, ticks, events and commands later (issue 27). A command sent while
 * Redis is unreachable fails after one try instead of waiting: callers answer it (a limit that cannot
 * be checked refuses), and the connection comes back by itself.
 */
export function openRedis(
  url: string,
  onError: (error: Error) => void,
  /** Put before every key (tests keep their keys apart on one Redis). */
  keyPrefix?: string,
): Redis {
  const redis = new Redis(url, {
    ...(keyPrefix && { keyPrefix }),
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  redis.on('error', onError)
  return redis
}

export type { Redis }
