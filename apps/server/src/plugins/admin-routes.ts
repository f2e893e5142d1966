import { ADMIN_API_BASE, type DataOf, type Endpoint, type OperatorRole } from '@kabuto/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';
import { tokenHash } from '../lib/crypto.ts';
import { refuse, UnauthorizedError } from '../lib/errors.ts';
import { readSignedQuery, signatureMatches, signedUrl } from '../lib/signed-url.ts';
import { OPERATOR_SESSION_TTL_MS, type Operator } from '../shared/sessions.ts';
import type { RateLimit } from './routes.ts';

const TOUCH_INTERVAL_MS = 60 * 1000;
/** Signed image URLs (for <img src>) live an hour, and never beyond their session. */
const SIGNED_URL_TTL_S = 60 * 60;

export type { Operator };

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Operator;
  }
}

const RANK: Record<OperatorRole, number> = { reviewer: 1, operator: 2, admin: 3 };
export const hasRole = (op: Operator, min: OperatorRole) => RANK[op.role] >= RANK[min];

export type AdminHandler<E extends Endpoint> = (
  request: FastifyRequest & { body: z.output<E['body']> },
  operator: Operator,
) => Promise<{ status: 1; data: DataOf<E>; code?: string; msg?: string }>;

export type PublicAdminHandler<E extends Endpoint> = (
  request: FastifyRequest & { body: z.output<E['body']> },
) => Promise<{ status: 1; data: DataOf<E>; code?: string; msg?: string }>;

export interface AdminRouteKit {
  /** POST /api/admin<path> for operators of at least `role` (lower roles → admin.forbidden). */
  post<E extends Endpoint>(endpoint: E, role: OperatorRole, handler: AdminHandler<E>): void;
  /** POST /api/admin<path> without an operator token (login). */
  postPublic<E extends Endpoint>(
    endpoint: E,
    handler: PublicAdminHandler<E>,
    options?: { rateLimit?: RateLimit },
  ): void;
  /**
   * GET /api/admin<path> returning raw bytes (images). Accepts the bearer token or a URL signed for
   * the operator's session by {@link AdminRouteKit.signedPath}, so that an <img src> can load it.
   */
  getRaw(
    path: string,
    role: OperatorRole,
    handler: (request: FastifyRequest, reply: FastifyReply, operator: Operator) => Promise<unknown>,
  ): void;
  /** `/api/admin<path>?s=&e=&sig=`: readable for an hour by whoever holds it, while the session lives. */
  signedPath(operator: Operator, path: string): string;
}

/** The holder named in an operator URL's signature: operators and users never share a URL. */
const holderOf = (op: Pick<Operator, 'id'>) => `operator:${op.id}`;

/** The operator of a request that passed the operator preHandler. */
export function currentOperator(request: FastifyRequest): Operator {
  if (!request.operator) throw new UnauthorizedError();
  return request.operator;
}

export function adminRouteKit(app: FastifyInstance, { db, timers: clock }: Deps): AdminRouteKit {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function loadSession(where: { tokenHash: string } | { sessionId: bigint }): Promise<Operator> {
    let q = db
      .selectFrom('operator_session as s')
      .innerJoin('operator as o', 'o.id', 's.operator_id')
      .select([
        's.id as session_id',
        's.token_hash',
        's.expires_at',
        's.revoked_at',
        's.last_seen_at',
        'o.id',
        'o.username',
        'o.role',
        'o.disabled',
      ]);
    q =
      'tokenHash' in where
        ? q.where('s.token_hash', '=', where.tokenHash)
        : q.where('s.id', '=', where.sessionId);
    const row = await q.executeTakeFirst();
    const now = clock.now();
    if (!row || row.revoked_at || row.disabled || row.expires_at.getTime() <= now)
      throw new UnauthorizedError();
    if (now - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
      await db
        .updateTable('operator_session')
        .set({ last_seen_at: new Date(now), expires_at: new Date(now + OPERATOR_SESSION_TTL_MS) })
        .where('id', '=', row.session_id)
        .execute();
    }
    return {
      id: row.id,
      username: row.username,
      role: row.role,
      sessionId: row.session_id,
      tokenHash: row.token_hash,
    };
  }

  const bearer = (request: FastifyRequest): string | null => {
    const h = request.headers.authorization;
    if (typeof h !== 'string') return null;
    const m = /^Bearer\s+(\S{20,128})$/i.exec(h);
    return m ? m[1] : null;
  };

  const requireRole =
    (role: OperatorRole): preHandlerHookHandler =>
    async (request) => {
      const token = bearer(request);
      if (!token) throw new UnauthorizedError();
      const op = await loadSession({ tokenHash: tokenHash(token) });
      request.operator = op;
      if (!hasRole(op, role)) refuse('admin.forbidden');
    };

  const schema = (endpoint: Endpoint, secured: boolean) => ({
    body: endpoint.body,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(secured ? { security: [{ operator: [] }] } : {}),
  });

  return {
    post(endpoint, role, handler) {
      typed.post(
        `${ADMIN_API_BASE}${endpoint.path}`,
        // The operator is checked before the body is validated: without a token, 401 and nothing else.
        { schema: schema(endpoint, true), preValidation: [requireRole(role)], config: { endpoint } },
        (request) => handler(request as any, currentOperator(request)),
      );
    },

    postPublic(endpoint, handler, options = {}) {
      typed.post(
        `${ADMIN_API_BASE}${endpoint.path}`,
        {
          schema: schema(endpoint, false),
          config: options.rateLimit ? { endpoint, rateLimit: options.rateLimit } : { endpoint },
        },
        (request) => handler(request as any),
      );
    },

    getRaw(path, role, handler) {
      app.get(
        `${ADMIN_API_BASE}${path}`,
        {
          schema: {
            summary: 'Operator-only file (bearer token or signed URL).',
            tags: ['admin'],
            hide: false,
          },
          preHandler: async (request) => {
            const token = bearer(request);
            let op: Operator;
            if (token) {
              op = await loadSession({ tokenHash: tokenHash(token) });
            } else {
              const signed = readSignedQuery(request.query, clock.now());
              if (!signed) throw new UnauthorizedError();
              op = await loadSession({ sessionId: signed.sessionId });
              const pathOnly = request.url.split('?')[0];
              if (!signatureMatches(signed, pathOnly, op.tokenHash, holderOf(op)))
                throw new UnauthorizedError();
            }
            request.operator = op;
            if (!hasRole(op, role)) refuse('admin.forbidden');
          },
        },
        (request, reply) => handler(request, reply, currentOperator(request)),
      );
    },

    signedPath(operator, path) {
      return signedUrl(
        `${ADMIN_API_BASE}${path}`,
        { sessionId: operator.sessionId, key: operator.tokenHash, holder: holderOf(operator) },
        clock.now(),
        SIGNED_URL_TTL_S,
      );
    },
  };
}
