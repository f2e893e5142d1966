import { securityApi } from '@kabuto/contract';
import { toUnixSeconds } from '@kabuto/domain';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { audit } from '../../shared/audit.ts';
import {
  authenticationOptions,
  consumeChallenge,
  listCredentials,
  peekChallenge,
  registerCredential,
  registrationOptions,
  relyingParty,
  verifyAssertion,
  wireOptions,
} from '../../shared/webauthn.ts';
import type { AdminService } from './admin.service.ts';

/**
 * Operators' passkeys: enrol one from the back office; from then on the password is the first step of
 * a sign-in and the passkey the second (the ticket from /auth/login, 5 minutes, used once).
 */
export function operatorPasskeyRoutes(adminKit: AdminRouteKit, deps: Deps, admin: AdminService): void {
  const { db, env } = deps;
  const rp = (req: FastifyRequest) => relyingParty(env, req);
  const now = () => Date.now();
  const loginLimit = {
    rateLimit: {
      max: env.RATE_LIMIT_LOGIN,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `admin2fa|${req.ip}`,
    },
  };

  async function ticketOperator(ticket: string) {
    const t = await peekChallenge(db, ticket, 'operator_ticket', now());
    if (!t?.operator_id) return refuse('security.ticketInvalid');
    const op = await db
      .selectFrom('operator')
      .select(['id', 'username', 'role', 'disabled'])
      .where('id', '=', t.operator_id)
      .executeTakeFirst();
    if (!op) return refuse('security.ticketInvalid');
    if (op.disabled) refuse('admin.disabled');
    return op;
  }

  adminKit.post(securityApi.operatorPasskeys, 'reviewer', async (_req, op) => {
    const rows = await listCredentials(db, { operator_id: op.id });
    return ok(
      rows.map((c) => ({
        id: String(c.id),
        name: c.name,
        create_time: toUnixSeconds(c.created_at.getTime()),
        last_used: c.last_used_at ? toUnixSeconds(c.last_used_at.getTime()) : null,
      })),
    );
  });

  adminKit.post(securityApi.operatorPasskeyOptions, 'reviewer', async (req, op) =>
    ok({
      options: wireOptions(
        await registrationOptions(
          db,
          rp(req),
          { operator_id: op.id },
          op.username,
          'operator_register',
          now(),
        ),
      ),
    }),
  );

  adminKit.post(securityApi.operatorPasskeyAdd, 'reviewer', async (req, op) => {
    const id = await registerCredential(
      db,
      rp(req),
      { operator_id: op.id },
      'operator_register',
      req.body.name,
      req.body.credential as RegistrationResponseJSON,
      now(),
    );
    await audit(
      db,
      op,
      {
        action: 'operator.passkeyAdded',
        target: `operator:${op.username}`,
        detail: { name: req.body.name },
      },
      new Date(deps.clock.now()),
    );
    return ok({ id: String(id) }, 'ok.passkeyAdded');
  });

  adminKit.postPublic(
    securityApi.operatorPasskeyLoginOptions,
    async (req) => {
      const op = await ticketOperator(req.body.ticket);
      return ok({
        options: wireOptions(
          await authenticationOptions(
            db,
            rp(req),
            { operator_id: op.id },
            'operator_login',
            { operator_id: op.id },
            now(),
          ),
        ),
      });
    },
    loginLimit,
  );

  adminKit.postPublic(
    securityApi.operatorPasskeyLogin,
    async (req) => {
      const op = await ticketOperator(req.body.ticket);
      await verifyAssertion(
        db,
        rp(req),
        'operator_login',
        req.body.credential as AuthenticationResponseJSON,
        { owner: { operator_id: op.id } },
        now(),
      );
      if (!(await consumeChallenge(db, req.body.ticket, 'operator_ticket', now())))
        refuse('security.ticketInvalid');
      return ok(await admin.startSession(op, req.ip ?? null, 'password+passkey'), 'ok.loggedIn');
    },
    loginLimit,
  );
}
