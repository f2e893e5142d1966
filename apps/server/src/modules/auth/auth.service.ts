import { isUniqueViolation, withTx } from '@kabuto/db';
import type { Deps } from '../../deps.ts';
import { hashPassword, newInviteCode, newToken, tokenHash, verifyPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import {
  fundPasswordVerifier,
  LOCK_MS,
  MAX_WRONG_PASSWORDS,
  minutesLeft,
} from '../../shared/fund-password.ts';
import { sendNotice } from '../../shared/notices.ts';
import { SESSION_TTL_MS } from '../../shared/sessions.ts';
import { loadSettings } from '../../shared/settings.ts';
import * as repo from './auth.repo.ts';

const ACCOUNT_RE = /^[A-Za-z0-9]{4,20}$/;
const MOBILE_RE = /^\d{10}$/;
const FUND_RE = /^\d{6}$/;

export function authService(deps: Deps) {
  const { db, clock } = deps;
  const verifyFundPassword = fundPasswordVerifier(deps);
  const hash = (pw: string) => hashPassword(pw, deps.hashCost);
  /** A hash to verify against when the account does not exist, so timing does not reveal it. */
  let dummyHash: Promise<string> | undefined;

  async function register(input: { account: string; pwd: string; pwd1: string; inviter: string }) {
    const settings = await loadSettings(db);
    if (settings.register_mode === 'mobile') {
      if (!MOBILE_RE.test(input.account)) refuse('account.notMobile');
    } else if (!ACCOUNT_RE.test(input.account)) {
      refuse('account.format');
    }
    if (input.pwd !== input.pwd1) refuse('account.passwordMismatch');
    const inviter = await repo.findUserByInviteCode(db, input.inviter);
    if (!inviter) refuse('account.inviterNotFound');
    if (await repo.findUserByAccount(db, input.account)) refuse('account.exists');
    const password_hash = await hash(input.pwd);
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
    const now = clock.now();
    if (!user) {
      dummyHash ??= hash('kabuto-timing-equaliser');
      await verifyPassword(await dummyHash, input.password);
      return refuse('auth.wrongCredentials');
    }
    if (user.locked_until && user.locked_until.getTime() > now) {
      return refuse('auth.locked', { minutes: minutesLeft(user.locked_until, now) });
    }
    if (!(await verifyPassword(user.password_hash, input.password))) {
      const count = await repo.countFailedLogin(db, user.id);
      if (count >= MAX_WRONG_PASSWORDS) {
        await repo.lockLogin(db, user.id, new Date(now + LOCK_MS));
        return refuse('auth.locked', { minutes: LOCK_MS / 60_000 });
      }
      return refuse('auth.wrongCredentials');
    }
    if (user.state === 'banned') refuse('account.banned');
    if (user.state === 'frozen') refuse('account.frozen');
    const token = newToken();
    await withTx(db, async (tx) => {
      await repo.clearFailedLogins(tx, user.id);
      await repo.insertSession(tx, {
        user_id: user.id,
        token_hash: tokenHash(token),
        expires_at: new Date(now + SESSION_TTL_MS),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      });
    });
    return { token, account: user.account };
  }

  async function logout(sessionId: bigint) {
    await repo.revokeSession(db, sessionId, new Date(clock.now()));
  }

  async function changePassword(
    user: { id: bigint; sessionId: bigint },
    input: { old_pass: string; new_pass: string; new_passs: string },
  ) {
    const row = await repo.findUserById(db, user.id);
    if (!row) return refuse('account.notFound');
    if (!(await verifyPassword(row.password_hash, input.old_pass))) refuse('account.wrongOldPassword');
    if (input.new_pass !== input.new_passs) refuse('account.passwordMismatch');
    if (input.new_pass === input.old_pass) refuse('account.samePassword');
    const h = await hash(input.new_pass);
    await withTx(db, async (tx) => {
      await repo.setPasswordHash(tx, user.id, h);
      await repo.revokeOtherSessions(tx, user.id, user.sessionId, new Date(clock.now()));
    });
  }

  async function setFundPassword(userId: bigint, input: { new_pass: string; new_passs: string }) {
    if (!FUND_RE.test(input.new_pass)) refuse('account.fundPasswordFormat');
    if (input.new_pass !== input.new_passs) refuse('account.passwordMismatch');
    const h = await hash(input.new_pass);
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
  }

  async function changeFundPassword(
    userId: bigint,
    input: { old_pass: string; new_pass: string; new_passs: string },
  ) {
    await verifyFundPassword(userId, input.old_pass);
    if (!FUND_RE.test(input.new_pass)) refuse('account.fundPasswordFormat');
    if (input.new_pass !== input.new_passs) refuse('account.passwordMismatch');
    if (input.new_pass === input.old_pass) refuse('account.samePassword');
    await repo.setFundPasswordHash(db, userId, await hash(input.new_pass));
  }

  return { register, login, logout, changePassword, setFundPassword, changeFundPassword };
}

export type AuthService = ReturnType<typeof authService>;
