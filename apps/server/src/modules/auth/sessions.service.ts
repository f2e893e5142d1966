import type { Text } from '@kabuto/contract';
import { translate } from '@kabuto/contract';
import { withTx } from '@kabuto/db';
import { JST, toUnixSeconds } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { coarseLocation, describeDevice, maskIp } from '../../shared/device.ts';
import { mailNotice } from '../../shared/mail/index.ts';
import { sendNotice } from '../../shared/notices.ts';
import { SESSION_TTL_MS } from '../../shared/sessions.ts';
import * as authRepo from './auth.repo.ts';
import * as repo from './security.repo.ts';

export type SignInMethod = 'password' | 'passkey' | 'passwordPasskey' | 'passwordTotp' | 'passwordRecovery';
const METHOD_TEXT: Record<SignInMethod, Text> = {
  password: { jp: 'パスワード', cn: '密码', us: 'password' },
  passkey: { jp: 'パスキー', cn: '通行密钥', us: 'passkey' },
  passwordPasskey: { jp: 'パスワード＋パスキー', cn: '密码＋通行密钥', us: 'password + passkey' },
  passwordTotp: { jp: 'パスワード＋認証アプリ', cn: '密码＋身份验证器', us: 'password + authenticator app' },
  passwordRecovery: {
    jp: 'パスワード＋リカバリーコード',
    cn: '密码＋恢复码',
    us: 'password + recovery code',
  },
};

export interface SignInMeta {
  ip: string | null;
  userAgent: string | null;
}

const perLanguage = (key: Parameters<typeof translate>[0]): Text => ({
  jp: translate(key, 'jp'),
  cn: translate(key, 'cn'),
  us: translate(key, 'us'),
});

const jstTime = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: JST,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(ms));

/**
 * Users' sessions: starting one once every factor has passed (with the sign-in notice), the list of
 * signed-in devices and signing one of them out. Sessions run on real time; the notice's time and the
 * device list follow the app's clock like the rest of sign-in.
 */
export function sessionsService(deps: Deps) {
  const { db, clock } = deps;

  /**
   * A new session for a user who passed every factor, and the site message that tells them (every
   * sign-in but the account's first).
   */
  async function startSession(user: { id: bigint; account: string }, meta: SignInMeta, method: SignInMethod) {
    const at = clock.now();
    const token = newToken();
    await withTx(db, async (tx) => {
      // The account's very first sign-in follows its opening, whose welcome message stands for it.
      const first = !(await tx
        .selectFrom('session')
        .select('id')
        .where('user_id', '=', user.id)
        .limit(1)
        .executeTakeFirst());
      // sessions run on real time; the notice below is stamped with the business clock. Every stamp of
      // the session comes from the same timer as the sliding expiry that reads them, not the database's
      // own clock.
      const started = deps.timers.now();
      // a device is new when no earlier session of the account came from this address with this browser
      const ua = meta.userAgent?.slice(0, 300) ?? null;
      const knownDevice =
        !first &&
        (await tx
          .selectFrom('session')
          .select('id')
          .where('user_id', '=', user.id)
          .where('ip', meta.ip === null ? 'is' : '=', meta.ip)
          .where('user_agent', ua === null ? 'is' : '=', ua)
          .limit(1)
          .executeTakeFirst()) !== undefined;
      await authRepo.insertSession(tx, {
        user_id: user.id,
        token_hash: tokenHash(token),
        created_at: new Date(started),
        last_seen_at: new Date(started),
        expires_at: new Date(started + SESSION_TTL_MS),
        ip: meta.ip,
        user_agent: ua,
      });
      if (first) return;
      const device = describeDevice(meta.userAgent);
      const params = {
        time: jstTime(at),
        method: METHOD_TEXT[method],
        device: device || perLanguage('device.unknown'),
        location: perLanguage(coarseLocation(meta.ip)),
        ip: maskIp(meta.ip) || '-',
      };
      await sendNotice(tx, new Date(at), user.id, 'newSignIn', params);
      if (!knownDevice) await mailNotice(tx, new Date(started), user.id, 'sign_in', 'newSignIn', params);
    });
    return { token, account: user.account };
  }

  async function sessions(user: { id: bigint; sessionId: bigint }) {
    const rows = await repo.activeSessions(db, user.id, new Date(clock.now()));
    return rows.map((s) => ({
      id: String(s.id),
      device: describeDevice(s.user_agent),
      location: coarseLocation(s.ip),
      ip: maskIp(s.ip),
      createdAt: toUnixSeconds(s.created_at.getTime()),
      lastSeenAt: toUnixSeconds(s.last_seen_at.getTime()),
      current: s.id === user.sessionId,
    }));
  }

  async function revokeSession(userId: bigint, sessionId: bigint) {
    if (!(await repo.revokeOwnSession(db, userId, sessionId, new Date(clock.now()))))
      refuse('security.sessionNotFound');
    await deps.userChanges.changed([userId]);
  }

  return { startSession, sessions, revokeSession };
}

export type SessionsService = ReturnType<typeof sessionsService>;
