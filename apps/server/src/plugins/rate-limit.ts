import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis namespace of a deployment's counts: keys name users by their id, which means something only
 * in one database, so the namespace names the database (host, port and name; never the password). Every
 * instance of a deployment shares it; another deployment or a test on the same Redis does not.
 */
export function rateLimitNamespace(databaseUrl: string | undefined, dataDir: string): string {
  let where = `pglite:${dataDir}`;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    where = `${u.hostname}:${u.port}${u.pathname}`;
  }
  return `kabuto-rl-${createHash('sha256').update(where).digest('hex').slice(0, 12)}-`;
}

/**
 * The rate limiter, off by default: routes opt in with their own limits. With Redis the counts are
 * shared by every process of the deployment (`nameSpace`).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redis?: Redis,
  nameSpace = 'kabuto-rl-',
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // After body parsing, so a key may use the body (login is limited per IP and account).
    hook: 'preValidation',
    ...(redis ? { redis, nameSpace } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, status: 0, msg: 'request.rateLimited' }),
  });
}
