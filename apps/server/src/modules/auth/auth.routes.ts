import { accountApi } from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { stepUpProof } from '../../shared/step-up.ts';
import type { AuthService } from './auth.service.ts';
import * as wire from './auth.wire.ts';

const accountOf = (req: FastifyRequest) => {
  const b = req.body as { account?: unknown } | undefined;
  return typeof b?.account === 'string' ? b.account.slice(0, 64) : '';
};

export function authRoutes(kit: RouteKit, deps: Deps, auth: AuthService): void {
  const { env } = deps;

  kit.post(
    accountApi.register,
    async (req) => ok(await auth.register(wire.registration(req.body), req.ip ?? null), 'ok.registered'),
    {
      // the accounts created count in the service (RATE_LIMIT_REGISTER); this bounds a flood of attempts
      rateLimit: { max: env.RATE_LIMIT_REGISTER * 10, timeWindow: '1 minute' },
    },
  );

  kit.post(
    accountApi.login,
    async (req) =>
      ok(
        wire.signInReply(
          await auth.login(req.body, {
            ip: req.ip ?? null,
            userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
          }),
        ),
        'ok.loggedIn',
      ),
    {
      rateLimit: {
        max: env.RATE_LIMIT_LOGIN,
        timeWindow: '1 minute',
        keyGenerator: (req) => `${req.ip}|${accountOf(req)}`,
      },
    },
  );

  kit.post(accountApi.logout, async (req) => {
    await auth.logout(currentUser(req));
    return ok(null, 'ok.loggedOut');
  });

  kit.post(accountApi.changePassword, async (req) => {
    await auth.changePassword(currentUser(req), wire.passwordChange(req.body));
    return ok(null, 'ok.changed');
  });

  kit.post(accountApi.setFundPassword, async (req) => {
    await auth.setFundPassword(currentUser(req).id, wire.newFundPassword(req.body));
    // the first one: set, not changed
    return ok(null, 'ok.fundPasswordSet');
  });

  kit.post(accountApi.changeFundPassword, async (req) => {
    await auth.changeFundPassword(currentUser(req), wire.passwordChange(req.body), stepUpProof(req));
    return ok(null, 'ok.changed');
  });
}
