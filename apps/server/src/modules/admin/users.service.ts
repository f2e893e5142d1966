import type { UserState } from '@kabuto/db';
import { withTx } from '@kabuto/db';
import { CURRENCIES, formatUnits, frozenOf, toUnixSeconds } from '@kabuto/domain';
import { transferHistory, userBalances } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { QueueCounter, UserDetailContributor } from '../../shared/admin-contributors.ts';
import { audit } from '../../shared/audit.ts';
import { sendNoticeText } from '../../shared/notices.ts';
import type { Operator } from '../../shared/sessions.ts';
import * as repo from './admin.repo.ts';

const t = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);

/** What other areas add to the back office: queue counts and sections of the user page (wired in app.ts). */
export interface AdminContributors {
  queues: QueueCounter[];
  userDetail: UserDetailContributor[];
}

/** A row of the back office's user search (times in unix seconds). */
export interface UserListRow {
  id: string;
  account: string;
  realName: string;
  /** 0 none, 1 verified, 2 rejected, 3 under review */
  verification: number;
  state: UserState;
  stateReason: string;
  inviteCode: string;
  inviter: string;
  yenAvailable: string;
  createdAt: number;
}

/** One user as the back office sees it; `sections` are what other areas contribute, in their order. */
export interface UserDetail {
  id: string;
  account: string;
  state: UserState;
  stateReason: string;
  inviteCode: string;
  inviter: string;
  invitees: number;
  hasFundPassword: boolean;
  createdAt: number | null;
  wallets: { currency: string; available: string; frozen: string; total: string; owed: string }[];
  ledger: {
    id: string;
    type: string;
    code: string;
    currency: string;
    amount: string;
    direction: 'in' | 'out' | 'internal';
    debit: string;
    credit: string;
    pendingId: string | null;
    ref: string;
    memo: string;
    createdAt: number | null;
  }[];
  sections: Record<string, unknown>[];
}

/** The back office's users: the queue badges, the search, one user's page, their state and messages. */
export function adminUsersService(deps: Deps, contributors: AdminContributors) {
  const { db, clock } = deps;

  async function queueCounts(): Promise<Record<string, number>> {
    const parts = await Promise.all(contributors.queues.map((c) => c()));
    return Object.assign({}, ...parts);
  }

  async function users(f: { q?: string; state: UserState | 'all'; page: number; size: number }) {
    const { rows, total } = await repo.searchUsers(db, f);
    const VERIFICATION: Record<string, number> = { approved: 1, rejected: 2, pending: 3 };
    return {
      list: rows.map(
        (u): UserListRow => ({
          id: String(u.id),
          account: u.account,
          realName: u.realname ?? '',
          verification: u.kyc_status ? VERIFICATION[u.kyc_status] : 0,
          state: u.state,
          stateReason: u.state_reason ?? '',
          inviteCode: u.invite_code,
          inviter: u.inviter ?? '',
          yenAvailable: formatUnits(BigInt(u.jpy_available ?? '0')),
          createdAt: toUnixSeconds(u.created_at.getTime()),
        }),
      ),
      total,
    };
  }

  /** One user for the back office: the account, wallets and ledger history; sections other areas add. */
  async function userDetail(id: bigint, uploadUrl: (name: string) => string): Promise<UserDetail> {
    const u = await repo.userRow(db, id);
    if (!u) return refuse('account.notFound');
    const now = clock.now();
    const [balances, history, invited, ...extra] = await Promise.all([
      userBalances(db, id, CURRENCIES),
      transferHistory(db, { userId: id }, { limit: 100 }),
      repo.invitees(db, id),
      ...contributors.userDetail.map((c) => c(id, { now, uploadUrl })),
    ]);
    const side = (owner: bigint | null) => (owner === null ? 'platform' : owner === id ? 'user' : 'other');
    return {
      id: String(u.id),
      account: u.account,
      state: u.state,
      stateReason: u.state_reason ?? '',
      inviteCode: u.invite_code,
      inviter: u.inviter ?? '',
      invitees: invited,
      hasFundPassword: u.fund_password_hash !== null,
      createdAt: t(u.created_at),
      wallets: balances.map((b) => ({
        currency: b.currency,
        available: formatUnits(b.available),
        frozen: formatUnits(frozenOf(b)),
        total: formatUnits(b.total),
        owed: formatUnits(b.owed),
      })),
      ledger: history.items.map((h) => ({
        id: String(h.id),
        type: h.type,
        code: h.code,
        currency: h.currency,
        amount: formatUnits(h.amount),
        // + into one of this user's accounts, − out of it
        direction: h.creditAccount.owner === id ? (h.debitAccount.owner === id ? 'internal' : 'in') : 'out',
        debit: `${side(h.debitAccount.owner)}:${h.debitAccount.kind}`,
        credit: `${side(h.creditAccount.owner)}:${h.creditAccount.kind}`,
        pendingId: h.pendingId === null ? null : String(h.pendingId),
        ref: h.operationRef ?? '',
        memo: h.memo ?? '',
        createdAt: t(h.createdAt),
      })),
      sections: extra,
    };
  }

  async function setState(op: Operator, input: { id: bigint; state: UserState; reason: string }) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const u = await repo.userRow(tx, input.id);
      if (!u) return refuse('account.notFound');
      await repo.setUserState(tx, input.id, input.state, input.state === 'active' ? null : input.reason);
      // Frozen and banned users lose their sessions at once (and cannot log in again).
      if (input.state === 'frozen' || input.state === 'banned')
        await repo.revokeUserSessions(tx, input.id, now);
      await audit(
        tx,
        op,
        {
          action: 'user.state',
          target: `user:${u.account}`,
          reason: input.reason,
          detail: { from: u.state, to: input.state },
        },
        now,
      );
    });
    // sessions carry the user's state
    await deps.userChanges.changed([input.id]);
  }

  async function message(op: Operator, input: { id: bigint; title: string; content: string }) {
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      const u = await repo.userRow(tx, input.id);
      if (!u) return refuse('account.notFound');
      const same = (s: string) => ({ jp: s, cn: s, us: s });
      await sendNoticeText(tx, new Date(clock.now()), input.id, same(input.title), same(input.content));
      await audit(
        tx,
        op,
        { action: 'user.message', target: `user:${u.account}`, detail: { title: input.title } },
        now,
      );
    });
  }

  return { queueCounts, users, userDetail, setState, message };
}
