import { API_BASE, type DataOf, type Endpoint, okSchema } from '@kabuto/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export interface RateLimit {
  max: number;
  /** e.g. '1 minute' */
  timeWindow: string;
  keyGenerator?: (request: FastifyRequest) => string;
}

export type Handler<E extends Endpoint> = (
  request: FastifyRequest & { body: z.output<E['body']> },
) => Promise<{ status: 1; data: DataOf<E>; code?: string; msg?: string }>;

export interface RouteKit {
  /** Registers POST /api/vue<path>: body validated by the endpoint's schema, login required when `auth`. */
  post<E extends Endpoint>(endpoint: E, handler: Handler<E>, options?: { rateLimit?: RateLimit }): void;
}

export function routeKit(
  app: FastifyInstance,
  authenticate: preHandlerHookHandler,
  moneyRateLimit: RateLimit,
  extraMoneyHooks: preHandlerHookHandler[] = [],
): RouteKit {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Money calls are limited per user: after authentication, before the idempotency claim.
  const moneyLimiter = app.rateLimit({
    max: moneyRateLimit.max,
    timeWindow: moneyRateLimit.timeWindow,
    keyGenerator: moneyRateLimit.keyGenerator ?? ((req) => `u${currentUserId(req)}`),
  });
  return {
    post(endpoint, handler, options = {}) {
      // The login is checked before the body is validated: a caller without one learns nothing of it.
      const preValidation: preHandlerHookHandler[] = [];
      if (endpoint.auth) preValidation.push(authenticate);
      const preHandler: preHandlerHookHandler[] = [];
      if (endpoint.money && !options.rateLimit) preHandler.push(moneyLimiter);
      if (endpoint.money) preHandler.push(...extraMoneyHooks);
      typed.post(
        `${API_BASE}${endpoint.path}`,
        {
          schema: {
            body: endpoint.body,
            // documents the reply on the OpenAPI page; replies are serialised by lib/reply.ts, not from it
            response: { 200: okSchema(endpoint.data) },
            summary: endpoint.summary,
            tags: [endpoint.tag],
            ...(endpoint.auth ? { security: [{ token: [] }] } : {}),
          },
          preValidation,
          preHandler,
          config: options.rateLimit ? { endpoint, rateLimit: options.rateLimit } : { endpoint },
        },
        (request) => handler(request as any),
      );
    },
  };
}

/** The user a money call's limit is keyed by (every money call needs a login). */
function currentUserId(req: FastifyRequest): string {
  if (!req.user) throw new Error('money rate limit before authentication');
  return String(req.user.id);
}
