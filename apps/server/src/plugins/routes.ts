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
) => Promise<{ status: 1; data: DataOf<E>; msg?: string }>;

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
  return {
    post(endpoint, handler, options = {}) {
      const preHandler: preHandlerHookHandler[] = [];
      if (endpoint.auth) preHandler.push(authenticate);
      if (endpoint.money) preHandler.push(...extraMoneyHooks);
      const rateLimit = options.rateLimit ?? (endpoint.money ? moneyRateLimit : undefined);
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
          preHandler,
          config: rateLimit ? { endpoint, rateLimit } : { endpoint },
        },
        (request) => handler(request as any),
      );
    },
  };
}
