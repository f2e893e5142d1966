import type { Factor } from '@kabuto/contract';
import type { Db, Tx } from '@kabuto/db';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { type AttemptLimit, attemptCounter } from '../../shared/attempts.ts';
import { sendNotice } from '../../shared/notices.ts';
import { loadSettings } from '../../shared/settings.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import {
  authenticationOptions,
  consumeChallenge,
  issueChallenge,
  peekChallenge,
  type RelyingParty,
  verifyAssertion,
} from '../../shared/webauthn.ts';
import * as authRepo from './auth.repo.ts';
import { enrolmentService } from './enrolment.service.ts';
import * as repo from './security.repo.ts';
import { type SignInMeta, sessionsService } from './sessions.service.ts';
import { recoveryHash, totpOf } from './totp.ts';

export type { SignInMeta, SignInMethod } from './sessions.service.ts';

/** A second-factor ticket lives 5 minutes. */
const TICKET_TTL_MS = 5 * 60 * 1000;
/**
 * Wrong second-factor codes (TOTP or recovery), counted before a code is checked, in one atomic upsert per
 * counter (auth_attempt), so concurrent guesses get no more checks than these:
 * - per pending sign-in (ticket) and per session (step-up): 5; the 5th wrong voids the ticket (a new
 *   password is needed) or stops step-up codes in that session for the window;
 * - per account, over every ticket and session: 10 in the window (someone who knows the password can
 *   fetch new tickets at will); past it the account's codes are refused until the window ends. Passkeys
 *   are not counted: a guess there is a signature nobody can make.
 * Reaching either limit sends the account a site message.
 */
export const SECOND_FACTOR = {
  perTicketOrSession: { max: 5, windowMs: 15 * 60_000 },
  perAccount: { max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, AttemptLimit>;
/** A step-up proof is good for one call within 5 minutes, in the session that made it. */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;
/**
 * Passkeys and TOTP for users: sign-in (second factor and passwordless), enrolment (`enrolment.service.ts`), step-up proofs for
 * sensitive calls; sessions, the sign-in notice and the device list come from `sessionsService`. `now` is
 * real time (authenticators and one-time codes live in it).
 */
export function passkeysService(deps: Deps, now: () => number = Date.now) {
  const { db } = deps;

  const { startSession, sessions, revokeSession } = sessionsService(deps);
  const attempts = attemptCounter(db, { now });

  async function enrolRequired(userId: bigint): Promise<boolean> {
    if (!(await loadSettings(db)).security_enrolment_required) return false;
    const f = await repo.factorsOf(db, userId);
    return !f.passkey && !f.totp;
  }

  const methodsOf = (f: { passkey: boolean; totp: boolean }): Factor[] => [
    ...(f.passkey ? (['passkey'] as const) : []),
    ...(f.totp ? (['totp'] as const) : []),
  ];

  /**
   * After a correct password: a session, or — with a passkey or TOTP enrolled — a ticket for the second step.
   */
  async function afterPassword(user: { id: bigint; account: string }, meta: SignInMeta) {
    const methods = methodsOf(await repo.factorsOf(db, user.id));
    if (methods.length > 0) {
      const ticket = await issueChallenge(db, 'login_ticket', { user_id: user.id }, now(), TICKET_TTL_MS);
      return { account: user.account, ticket, methods };
    }
    const signedIn = await startSession(user, meta, 'password');
    return (await enrolRequired(user.id)) ? { ...signedIn, enrolRequired: true } : signedIn;
  }

  async function ticketUser(ticket: string) {
    const t = await peekChallenge(db, ticket, 'login_ticket', now());
    if (!t?.user_id) return refuse('security.ticketInvalid');
    const user = await authRepo.findUserById(db, t.user_id);
    if (!user) return refuse('security.ticketInvalid');
    if (user.state === 'banned') refuse('account.banned');
    if (user.state === 'frozen') refuse('account.frozen');
    return { ticketId: t.id, user };
  }

  async function finishTicket(ticket: string) {
    if (!(await consumeChallenge(db, ticket, 'login_ticket', now()))) refuse('security.ticketInvalid');
  }

  async function passkeyLoginOptions(rp: RelyingParty, ticket?: string) {
    if (ticket) {
      const { user } = await ticketUser(ticket);
      return authenticationOptions(
        db,
        rp,
        { user_id: user.id },
        'second_factor',
        { user_id: user.id },
        now(),
      );
    }
    return authenticationOptions(db, rp, null, 'login', {}, now());
  }

  async function passkeyLogin(
    rp: RelyingParty,
    input: { ticket?: string; credential: AuthenticationResponseJSON },
    meta: SignInMeta,
  ) {
    if (input.ticket) {
      const { user } = await ticketUser(input.ticket);
      await verifyAssertion(
        db,
        rp,
        'second_factor',
        input.credential,
        { owner: { user_id: user.id } },
        now(),
      );
      await finishTicket(input.ticket);
      return startSession(user, meta, 'passwordPasskey');
    }
    const owner = await verifyAssertion(db, rp, 'login', input.credential, {}, now());
    if (!owner.user_id) return refuse('security.passkeyFailed');
    const user = await authRepo.findUserById(db, owner.user_id);
    if (!user) return refuse('security.passkeyFailed');
    if (user.state === 'banned') refuse('account.banned');
    if (user.state === 'frozen') refuse('account.frozen');
    return startSession(user, meta, 'passkey');
  }

  /** A TOTP code (once per step) or an unused recovery code of this user. */
  async function checkCode(q: Db | Tx, user: { id: bigint; account: string }, code: string) {
    if (/^\d{6}$/.test(code)) {
      const row = await repo.findTotp(q, user.id);
      if (!row?.confirmed_at) return null;
      const at = now();
      const delta = totpOf(row.secret, user.account).validate({ token: code, timestamp: at, window: 1 });
      if (delta === null) return null;
      const step = BigInt(Math.floor(at / 30_000) + delta);
      return (await repo.takeTotpStep(q, user.id, step)) ? ('totp' as const) : null;
    }
    return (await repo.takeRecoveryCode(q, user.id, recoveryHash(code), new Date(now())))
      ? ('recovery' as const)
      : null;
  }

  /**
   * A code checked within the limits of SECOND_FACTOR: `scope` is the ticket's or the session's counter,
   * `voidScope` what happens to it when its limit is reached (a ticket is used up).
   */
  async function limitedCode(
    user: { id: bigint; account: string },
    scope: string,
    code: string,
    voidScope: () => Promise<void>,
    scopeSpent: 'security.ticketInvalid' | 'security.codeLocked',
  ) {
    const accountKey = `2fa:user:${user.id}`;
    const inScope = await attempts.count(scope, SECOND_FACTOR.perTicketOrSession);
    if (inScope > SECOND_FACTOR.perTicketOrSession.max) {
      await voidScope();
      return refuse(scopeSpent);
    }
    const inAccount = await attempts.count(accountKey, SECOND_FACTOR.perAccount);
    if (inAccount > SECOND_FACTOR.perAccount.max) {
      await voidScope();
      return refuse('security.codeLocked');
    }
    const used = await checkCode(db, user, code);
    if (used) {
      await attempts.clear(scope);
      await attempts.clear(accountKey);
      return used;
    }
    // Exactly one request sees a counter reach its limit: it voids the scope and tells the owner.
    if (inScope === SECOND_FACTOR.perTicketOrSession.max || inAccount === SECOND_FACTOR.perAccount.max) {
      await voidScope();
      await sendNotice(db, new Date(deps.clock.now()), user.id, 'secondFactorLocked');
    }
    return refuse('security.wrongCode');
  }

  async function totpLogin(input: { ticket: string; code: string }, meta: SignInMeta) {
    const { ticketId, user } = await ticketUser(input.ticket);
    const used = await limitedCode(
      user,
      `2fa:ticket:${ticketId}`,
      input.code,
      async () => {
        await consumeChallenge(db, input.ticket, 'login_ticket', now());
      },
      'security.ticketInvalid',
    );
    await finishTicket(input.ticket);
    return startSession(user, meta, used === 'totp' ? 'passwordTotp' : 'passwordRecovery');
  }

  // ------------------------------------------------------------ step-up

  const requireStepUp: StepUpCheck = async (q, user, proof, options = {}) => {
    const f = await repo.factorsOf(q, user.id);
    if (!f.passkey && !f.totp) {
      if (!options.enrolling && (await loadSettings(q)).security_enrolment_required)
        refuse('security.enrolmentRequired');
      return;
    }
    const row = proof ? await consumeChallenge(q, proof, 'step_up_proof', now()) : undefined;
    if (!row || row.user_id !== user.id || row.session_id !== user.sessionId)
      refuse('security.stepUpRequired');
  };

  async function stepUpOptions(rp: RelyingParty | null, user: { id: bigint; sessionId: bigint }) {
    const methods = methodsOf(await repo.factorsOf(db, user.id));
    if (methods.length === 0) return refuse('security.noFactor');
    const options =
      methods.includes('passkey') && rp
        ? await authenticationOptions(
            db,
            rp,
            { user_id: user.id },
            'step_up',
            { user_id: user.id, session_id: user.sessionId },
            now(),
          )
        : null;
    return { methods, options };
  }

  async function stepUp(
    rp: () => RelyingParty,
    user: { id: bigint; account: string; sessionId: bigint },
    input: { credential?: AuthenticationResponseJSON; code?: string },
  ) {
    if (input.credential) {
      await verifyAssertion(
        db,
        rp(),
        'step_up',
        input.credential,
        { owner: { user_id: user.id }, session_id: user.sessionId },
        now(),
      );
    } else if (input.code) {
      await limitedCode(
        user,
        `2fa:session:${user.sessionId}`,
        input.code,
        async () => undefined,
        'security.codeLocked',
      );
    } else {
      return refuse('security.stepUpRequired');
    }
    const proof = await issueChallenge(
      db,
      'step_up_proof',
      { user_id: user.id, session_id: user.sessionId },
      now(),
      STEP_UP_TTL_MS,
    );
    return { proof, expiresInSeconds: STEP_UP_TTL_MS / 1000 };
  }

  const enrolment = enrolmentService(deps, now, requireStepUp);

  return {
    afterPassword,
    passkeyLoginOptions,
    passkeyLogin,
    totpLogin,
    requireStepUp,
    stepUpOptions,
    stepUp,
    ...enrolment,
    sessions,
    revokeSession,
  };
}

export type PasskeysService = ReturnType<typeof passkeysService>;
