import type { Language, MailNoticeKind } from '@kabuto/contract';
import { isUniqueViolation, type Tx, withTx } from '@kabuto/db';
import { JST } from '@kabuto/domain';
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { hashPassword, tokenHash } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { type AttemptLimit, attemptCounter } from '../../shared/attempts.ts';
import { MAIL_TEMPLATES, publicUrl, queueMail, render } from '../../shared/mail/index.ts';
import { checkNewPassword } from '../../shared/password-policy.ts';
import { consumeChallenge, issueChallenge } from '../../shared/webauthn.ts';
import * as authRepo from './auth.repo.ts';

/** A reset link works once, for 30 minutes; a verification link for a day. */
export const RESET_TTL_MS = 30 * 60_000;
export const VERIFY_TTL_MS = 24 * 60 * 60_000;

/**
 * How often mail may be asked for. Counted before anything is looked up, for known and unknown addresses
 * alike, so that a refusal tells nothing about whether an address has an account.
 */
export const MAIL_LIMITS = {
  /** Reset links asked for one address. */
  resetPerAddress: { max: 3, windowMs: 15 * 60_000 },
  /** Reset links asked from one client address (over all mail addresses). */
  resetPerSource: { max: 10, windowMs: 15 * 60_000 },
  /** Reset tokens tried from one client address. */
  resetTriesPerSource: { max: 20, windowMs: 15 * 60_000 },
  /** Verification links one user asks for (each is a mail to an address they typed). */
  verifyPerUser: { max: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, AttemptLimit>;

export interface MailNotices {
  sign_in: boolean;
  withdrawal: boolean;
  margin_call: boolean;
  report: boolean;
}

const jstTime = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: JST,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(ms));

/**
 * The user's email and password reset by mail. `mailOn` is false when this server sends no mail
 * (production without SMTP_URL): adding an address and asking for a reset are refused with
 * `mail.unavailable`, the same for every address.
 */
export function emailService(deps: Deps, mailOn: boolean) {
  const { db } = deps;
  const attempts = attemptCounter(db, deps.timers);
  const base = publicUrl(deps.env);
  const now = () => deps.timers.now();
  const limited = async (key: string, limit: AttemptLimit) => {
    if (!(await attempts.take(key, limit))) refuse('request.rateLimited');
  };

  async function settings(userId: bigint) {
    const row = await db
      .selectFrom('user_email')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      email: row?.address ?? '',
      pending: row?.pending_address ?? '',
      lang: row?.lang ?? 'jp',
      notices: {
        sign_in: row?.notify_sign_in ?? true,
        withdrawal: row?.notify_withdrawal ?? true,
        margin_call: row?.notify_margin_call ?? true,
        report: row?.notify_report ?? true,
      } satisfies Record<MailNoticeKind, boolean>,
      available: mailOn,
    };
  }

  /**
   * A new address to verify (at registration or from My page): kept as pending, and a link mailed to it.
   * Earlier links of the user stop working. Inside the caller's transaction when given one.
   */
  async function startVerification(
    tx: Tx,
    user: { id: bigint; account: string },
    address: string,
    lang: Language,
  ) {
    await tx
      .insertInto('user_email')
      .values({ user_id: user.id, pending_address: address, lang })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_address: address, lang }))
      .execute();
    await tx
      .deleteFrom('auth_challenge')
      .where('purpose', '=', 'email_verify')
      .where('user_id', '=', user.id)
      .execute();
    const token = await issueChallenge(tx, 'email_verify', { user_id: user.id }, now(), VERIFY_TTL_MS);
    const link = `${base}/#/login/verify-email?token=${token}`;
    const mail = render(MAIL_TEMPLATES.verify, lang, { account: user.account, link }, false);
    await queueMail(tx, new Date(now()), { userId: user.id, kind: 'verify', to: address, ...mail });
  }

  async function setAddress(userId: bigint, address: string, lang: Language) {
    if (!mailOn) refuse('mail.unavailable');
    const user = await authRepo.findUserById(db, userId);
    if (!user) return refuse('account.notFound');
    await limited(`mail:verify:${userId}`, MAIL_LIMITS.verifyPerUser);
    await withTx(db, (tx) => startVerification(tx, user, address, lang));
  }

  /** The verification link opened: its address becomes the verified one (one account per address). */
  async function verify(token: string) {
    await refuseUnusable(token, 'email_verify');
    try {
      return await withTx(db, async (tx) => {
        const c = await consumeChallenge(tx, token, 'email_verify', now());
        if (!c?.user_id) return refuse('mail.linkUsed');
        const row = await tx
          .selectFrom('user_email')
          .select('pending_address')
          .where('user_id', '=', c.user_id)
          .forUpdate()
          .executeTakeFirst();
        const address = row?.pending_address;
        if (!address) return refuse('mail.linkInvalid');
        await tx
          .updateTable('user_email')
          .set({ address, verified_at: new Date(now()), pending_address: null })
          .where('user_id', '=', c.user_id)
          .execute();
        return { email: address };
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('mail.taken');
      throw err;
    }
  }

  async function setNotices(userId: bigint, notices: MailNotices, lang: Language) {
    const set = {
      lang,
      notify_sign_in: notices.sign_in,
      notify_withdrawal: notices.withdrawal,
      notify_margin_call: notices.margin_call,
      notify_report: notices.report,
    };
    await db
      .insertInto('user_email')
      .values({ user_id: userId, ...set })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
      .execute();
  }

  /**
   * A reset link to a verified address. The answer is the same for every address: the limits are counted
   * for any address, and the mail goes out later from the outbox, so the reply never waits for SMTP (a
   * known address costs one more small transaction, not a mail server's round trip). A banned account
   * gets no link.
   */
  async function requestReset(address: string, source: string | null) {
    if (!mailOn) refuse('mail.unavailable');
    await limited(`mail:reset:src:${source ?? ''}`, MAIL_LIMITS.resetPerSource);
    await limited(`mail:reset:to:${address.toLowerCase()}`, MAIL_LIMITS.resetPerAddress);
    const user = await db
      .selectFrom('user_email')
      .innerJoin('app_user', 'app_user.id', 'user_email.user_id')
      .select(['app_user.id', 'app_user.account', 'app_user.state', 'user_email.address', 'user_email.lang'])
      .where(sql<string>`lower(user_email.address)`, '=', address.toLowerCase())
      .executeTakeFirst();
    if (!user?.address || user.state === 'banned') return;
    await withTx(db, async (tx) => {
      const token = await issueChallenge(tx, 'password_reset', { user_id: user.id }, now(), RESET_TTL_MS);
      const link = `${base}/#/login/reset?token=${token}`;
      const mail = render(MAIL_TEMPLATES.reset, user.lang, { account: user.account, link }, false);
      await queueMail(tx, new Date(now()), { userId: user.id, kind: 'reset', to: user.address!, ...mail });
    });
  }

  /** Why a link cannot be used (unknown, used or expired), refused before any work. */
  async function refuseUnusable(token: string, purpose: 'password_reset' | 'email_verify') {
    const row = await db
      .selectFrom('auth_challenge')
      .select(['used_at', 'expires_at'])
      .where('value_hash', '=', tokenHash(token))
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) refuse('mail.linkInvalid');
    if (row!.used_at) refuse('mail.linkUsed');
    if (row!.expires_at.getTime() <= now()) refuse('mail.linkExpired');
  }

  /**
   * A new password with a reset link: the link is used up (atomically: of two at once, one wins), the
   * user's other reset links die, every session ends, and a site message and a mail say so.
   */
  async function resetPassword(token: string, next: string, nextAgain: string, source: string | null) {
    await limited(`mail:reset:try:${source ?? ''}`, MAIL_LIMITS.resetTriesPerSource);
    await refuseUnusable(token, 'password_reset');
    if (next !== nextAgain) refuse('account.passwordMismatch');
    const owner = await db
      .selectFrom('auth_challenge')
      .innerJoin('app_user', 'app_user.id', 'auth_challenge.user_id')
      .select(['app_user.id', 'app_user.account'])
      .where('auth_challenge.value_hash', '=', tokenHash(token))
      .executeTakeFirst();
    if (!owner) return refuse('mail.linkInvalid');
    checkNewPassword(next, owner.account);
    const h = await hashPassword(next, deps.hashCost);
    await withTx(db, async (tx) => {
      const c = await consumeChallenge(tx, token, 'password_reset', now());
      if (!c) return refuse('mail.linkUsed');
      await authRepo.setPasswordHash(tx, owner.id, h);
      await authRepo.revokeAllSessions(tx, owner.id, new Date(now()));
      await tx
        .updateTable('auth_challenge')
        .set({ used_at: new Date(now()) })
        .where('purpose', '=', 'password_reset')
        .where('user_id', '=', owner.id)
        .where('used_at', 'is', null)
        .execute();
      const to = await tx
        .selectFrom('user_email')
        .select(['address', 'lang'])
        .where('user_id', '=', owner.id)
        .executeTakeFirst();
      if (to?.address) {
        const mail = render(MAIL_TEMPLATES.passwordChanged, to.lang, {
          account: owner.account,
          time: jstTime(deps.clock.now()),
        });
        await queueMail(tx, new Date(now()), {
          userId: owner.id,
          kind: 'passwordChanged',
          to: to.address,
          ...mail,
        });
      }
    });
    // the sign-in counters of the account start afresh: the owner proved the mailbox
    await attempts.clear(`user:acct:${owner.account.trim().toLowerCase()}`);
    await deps.userChanges.changed([owner.id]);
  }

  return {
    available: mailOn,
    settings,
    startVerification,
    setAddress,
    verify,
    setNotices,
    requestReset,
    resetPassword,
  };
}

export type EmailService = ReturnType<typeof emailService>;
