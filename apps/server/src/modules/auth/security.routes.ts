import { securityApi } from '@kabuto/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { stepUpProof } from '../../shared/step-up.ts';
import { relyingParty, wireOptions } from '../../shared/webauthn.ts';
import * as wire from './auth.wire.ts';
import type { PasskeysService } from './passkeys.service.ts';

const meta = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

/** The contract checks the shape; SimpleWebAuthn checks the rest (its own types are wider strings). */
const asAuthentication = (c: unknown) => c as AuthenticationResponseJSON;
const asRegistration = (c: unknown) => c as RegistrationResponseJSON;

export function securityRoutes(kit: RouteKit, deps: Deps, security: PasskeysService): void {
  const { env } = deps;
  const rp = (req: FastifyRequest) => relyingParty(env, req);
  /** Second steps and codes: as many tries a minute as password logins, per address. */
  const codeLimit = {
    rateLimit: {
      max: env.RATE_LIMIT_LOGIN,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `2fa|${req.ip}`,
    },
  };

  // ---- sign in
  kit.post(
    securityApi.passkeyLoginOptions,
    async (req) =>
      ok(
        await security
          .passkeyLoginOptions(rp(req), req.body.ticket)
          .then((options) => ({ options: wireOptions(options) })),
      ),
    codeLimit,
  );
  kit.post(
    securityApi.passkeyLogin,
    async (req) =>
      ok(
        await security.passkeyLogin(
          rp(req),
          { ticket: req.body.ticket, credential: asAuthentication(req.body.credential) },
          meta(req),
        ),
        'ok.loggedIn',
      ),
    codeLimit,
  );
  kit.post(
    securityApi.totpLogin,
    async (req) => ok(await security.totpLogin(req.body, meta(req)), 'ok.loggedIn'),
    codeLimit,
  );

  // ---- enrolment
  kit.post(securityApi.status, async (req) =>
    ok(wire.securityStatusReply(await security.status(currentUser(req).id))),
  );
  kit.post(securityApi.passkeyOptions, async (req) =>
    ok({ options: wireOptions(await security.passkeyOptions(rp(req), currentUser(req))) }),
  );
  kit.post(securityApi.passkeyAdd, async (req) =>
    ok(
      await security.passkeyAdd(
        rp(req),
        currentUser(req),
        { name: req.body.name, credential: asRegistration(req.body.credential) },
        stepUpProof(req),
      ),
      'ok.passkeyAdded',
    ),
  );
  kit.post(securityApi.passkeyDelete, async (req) => {
    await security.passkeyDelete(currentUser(req), req.body.id, stepUpProof(req));
    return ok(null, 'ok.deleted');
  });
  kit.post(securityApi.totpSetup, async (req) => ok(await security.totpSetup(currentUser(req))));
  kit.post(
    securityApi.totpEnable,
    async (req) =>
      ok(
        wire.recoveryCodesReply(await security.totpEnable(currentUser(req), req.body.code, stepUpProof(req))),
        'ok.totpEnabled',
      ),
    codeLimit,
  );
  kit.post(securityApi.totpDisable, async (req) => {
    await security.totpDisable(currentUser(req), stepUpProof(req));
    return ok(null, 'ok.changed');
  });

  // ---- step-up
  kit.post(securityApi.stepUpOptions, async (req) => {
    let party = null;
    try {
      party = rp(req);
    } catch {
      // no passkeys at this address: the code still works
    }
    const { methods, options } = await security.stepUpOptions(party, currentUser(req));
    return ok({ methods, options: options && wireOptions(options) });
  });
  kit.post(
    securityApi.stepUp,
    async (req) =>
      ok(
        wire.stepUpReply(
          await security.stepUp(() => rp(req), currentUser(req), {
            credential: req.body.credential ? asAuthentication(req.body.credential) : undefined,
            code: req.body.code,
          }),
        ),
        'ok.confirmed',
      ),
    codeLimit,
  );

  // ---- devices
  kit.post(securityApi.sessions, async (req) =>
    ok((await security.sessions(currentUser(req))).map(wire.sessionRow)),
  );
  kit.post(securityApi.sessionRevoke, async (req) => {
    await security.revokeSession(currentUser(req).id, req.body.id);
    return ok(null, 'ok.signedOutDevice');
  });
}
