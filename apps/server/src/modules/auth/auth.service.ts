import type { Language } from '@kabuto/contract';
import { isUniqueViolation, withTx } from '@kabuto/db';
import type { Deps } from '../../deps.ts';
import { hashPassword, newInviteCode, verifyPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { attemptCounter, mayTrySignIn, SIGN_IN } from '../../shared/attempts.ts';
import { fundPasswordVerifier } from '../../shared/fund-password.ts';
import { sendNotice } from '../../shared/notices.ts';
import { checkNewPassword } from '../../shared/password-policy.ts';
import { loadSettings } from '../../shared/settings.ts';
import * as repo from './auth.repo.ts';
import type { EmailService } from './email.service.ts';
import type { PasskeysService } from './passkeys.service.ts';

const ACCOUNT_RE = /^[A-Za-z0-9]{4,20}$/;
const MOBILE_RE = /^\d{10}$/;
const FUND_RE = /^\d{6}$/;

/** A registration: the password twice, and the inviter's invite code. */
export interface Registration {
  account: string;
  password: string;
  passwordAgain: string;
  inviteCode: string;
  /** An address to verify (a link is mailed to it), in the mails' language. */
  email?: string;
  lang?: Language;
}

/** A change of the login or the fund password: the current one, and the new one twice. */
export interface PasswordChange {
  current: string;
  next: string;
  nextAgain: string;
}

export function authService(deps: Deps, security: PasskeysService, email?: EmailService) {
  const { db, clock } = deps;
  const verifyFundPassword = fundPasswordVerifier(deps);
  const attempts = attemptCounter(db, deps.timers);
  const hash = (pw: string) => hashPassword(pw, deps.hashCost);
  /** A hash to verify against when the account does not exist, so timing does not reveal it. */
  let dummyHash: Promise<string> | undefined;

  /**
   * A registration: validation refusals do not count against the limit (a person correcting typos); the
   * accounts created from one source do, `RATE_LIMIT_REGISTER` a minute (counted just before creating).
   */
  async function register(input: Registration, source: string | null = null) {
    const settings = await loadSettings(db);
    if (settings.register_mode === 'mobile') {
      if (!MOBILE_RE.test(input.account)) refuse('account.notMobile');
    } else if (!ACCOUNT_RE.test(input.account)) {
      refuse('account.format');
    }
    if (input.password !== input.passwordAgain) refuse('account.passwordMismatch');
    if (input.email && !email?.available) refuse('mail.unavailable');
    checkNewPassword(input.password, input.account);
    const inviter = await repo.findUserByInviteCode(db, input.inviteCode);
    if (!inviter) refuse('account.inviterNotFound');
    if (await repo.findUserByAccount(db, input.account)) refuse('account.exists');
    const limitKey = `register|${source ?? ''}`;
    if (!(await attempts.take(limitKey, { max: deps.env.RATE_LIMIT_REGISTER, windowMs: 60_000 })))
      throw Object.assign(new Error('registrations per source'), { statusCode: 429 });
    const password_hash = await hash(input.password);
    for (let attempt = 0; ; attempt++) {
      try {
        return await withTx(db, async (tx) => {
          const { id } = await repo.insertUser(tx, {
            account: input.account,
            password_hash,
            invite_code: newInviteCode(),
            inviter_id: inviter!.id,
          });
          await sendNotice(tx, new Date(clock.now()), id, 'welcome', { account: input.account });
          if (input.email && email)
            await email.startVerification(
              tx,
              { id, account: input.account },
              input.email,
              input.lang ?? 'jp',
            );
          return { account: input.account };
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const constraint = String(
          (err as { constraint?: string; detail?: string }).constraint ??
            (err as { detail?: string }).detail ??
            '',
        );
        if (constraint.includes('invite_code') && attempt < 5) continue;
        refuse('account.exists');
      }
    }
  }

  async function login(
    input: { account: string; password: string },
    meta: { ip: string | null; userAgent: string | null },
  ) {
    const user = await repo.findUserByAccount(db, input.account);
    const ip = meta.ip ?? 'unknown';
    const gate = await mayTrySignIn(attempts, 'user', input.account, ip, async () =>
      user ? repo.hasSignedInFrom(db, user.id, ip) : false,
    );
    // An unknown account and a refused attempt cost a hash too, and answer like a wrong password.
    if (!user || !gate.allowed) {
      dummyHash ??= hash('kabuto-timing-equaliser');
      await verifyPassword(await dummyHash, input.password);
      return refuse(gate.wrong);
    }
    if (!(await verifyPassword(user.password_hash, input.password))) return refuse(gate.wrong);
    if (user.state === 'banned') refuse('account.banned');
    if (user.state === 'frozen') refuse('account.frozen');
    await gate.succeeded();
    // a session now, or a ticket for the passkey / TOTP step
    return security.afterPassword(user, meta);
  }

  async function logout(user: { id: bigint; sessionId: bigint }) {
    await repo.revokeSession(db, user.sessionId, new Date(deps.timers.now()));
    await deps.userChanges.changed([user.id]);
  }

  async function changePassword(user: { id: bigint; sessionId: bigint }, input: PasswordChange) {
    const row = await repo.findUserById(db, user.id);
    if (!row) return refuse('account.notFound');
    // The current password is guessed no faster than at sign-in: counted before it is evaluated.
    const key = `user:old:${user.id}`;
    if (!(await attempts.take(key, SIGN_IN.perSourceAndAccount))) refuse('request.rateLimited');
    if (!(await verifyPassword(row.password_hash, input.current))) refuse('account.wrongOldPassword');
    await attempts.clear(key);
    if (input.next !== input.nextAgain) refuse('account.passwordMismatch');
    if (input.next === input.current) refuse('account.samePassword');
    checkNewPassword(input.next, row.account);
    const h = await hash(input.next);
    await withTx(db, async (tx) => {
      await repo.setPasswordHash(tx, user.id, h);
      await repo.revokeOtherSessions(tx, user.id, user.sessionId, new Date(deps.timers.now()));
    });
    await deps.userChanges.changed([user.id]);
  }

  async function setFundPassword(userId: bigint, input: Omit<PasswordChange, 'current'>) {
    if (!FUND_RE.test(input.next)) refuse('account.fundPasswordFormat');
    if (input.next !== input.nextAgain) refuse('account.passwordMismatch');
    const h = await hash(input.next);
    await withTx(db, async (tx) => {
      const row = await tx
        .selectFrom('app_user')
        .select('fund_password_hash')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.fund_password_hash) refuse('account.fundPasswordAlreadySet');
      await repo.setFundPasswordHash(tx, userId, h);
    });
    // sessions carry whether a fund password is set
    await deps.userChanges.changed([userId]);
  }

  async function changeFundPassword(
    user: { id: bigint; sessionId: bigint },
    input: PasswordChange,
    stepUpProof: string | undefined,
  ) {
    await verifyFundPassword(user.id, input.current);
    if (!FUND_RE.test(input.next)) refuse('account.fundPasswordFormat');
    if (input.next !== input.nextAgain) refuse('account.passwordMismatch');
    if (input.next === input.current) refuse('account.samePassword');
    const h = await hash(input.next);
    await withTx(db, async (tx) => {
      await security.requireStepUp(tx, user, stepUpProof);
      await repo.setFundPasswordHash(tx, user.id, h);
    });
  }

  return { register, login, logout, changePassword, setFundPassword, changeFundPassword };
}

export type AuthService = ReturnType<typeof authService>;
