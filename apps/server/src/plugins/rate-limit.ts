import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The rate limiter, off by default: routes opt in with their own limits. With Redis the counts are
 * shared by every process.
 */
export async function registerRateLimit(app: FastifyInstance, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so a key may use the body (login is limited per IP and account).
    hook: 'preValidation',
    ...(redis ? { redis, nameSpace: 'kabuto-rl-' } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, status: 0, msg: 'request.rateLimited' }),
  });
}
