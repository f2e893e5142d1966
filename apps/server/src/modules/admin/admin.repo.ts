import type { Db, OperatorRole, Tx, UserState } from '@kabuto/db';
import { sql } from 'kysely';

type Q = Db | Tx;

/** `%`-safe ILIKE pattern for a search box. */
export const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- operators

export const findOperator = (q: Q, username: string) =>
  q
    .selectFrom('operator')
    .select(['id', 'username', 'password_hash', 'role', 'disabled'])
    .where('username', '=', username)
    .executeTakeFirst();

export const operatorById = (q: Q, id: bigint) =>
  q
    .selectFrom('operator')
    .select(['id', 'username', 'role', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Whether the operator has signed in from this address before. */
export const operatorSignedInFrom = async (q: Q, operatorId: bigint, ip: string): Promise<boolean> =>
  (await q
    .selectFrom('operator_session')
    .select('id')
    .where('operator_id', '=', operatorId)
    .where('ip', '=', ip)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const insertSession = (
  q: Q,
  v: {
    operator_id: bigint;
    token_hash: string;
    expires_at: Date;
    created_at: Date;
    last_seen_at: Date;
    ip: string | null;
  },
) => q.insertInto('operator_session').values(v).execute();

export const revokeSession = (q: Q, id: bigint, at: Date) =>
  q
    .updateTable('operator_session')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeOperatorSessions = (q: Q, operatorId: bigint, at: Date, exceptSession?: bigint) => {
  let u = q
    .updateTable('operator_session')
    .set({ revoked_at: at })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (exceptSession !== undefined) u = u.where('id', '!=', exceptSession);
  return u.execute();
};

export const listOperators = (q: Q) =>
  q
    .selectFrom('operator')
    .select(['id', 'username', 'role', 'disabled', 'created_at'])
    .orderBy('id')
    .execute();

export const insertOperator = (
  q: Q,
  v: {
    username: string;
    password_hash: string;
    role: OperatorRole;
    disabled: boolean;
    created_at: Date;
    updated_at: Date;
  },
) => q.insertInto('operator').values(v).returning('id').executeTakeFirstOrThrow();

export const updateOperator = (
  q: Q,
  id: bigint,
  v: { username: string; role: OperatorRole; disabled: boolean; updated_at: Date; password_hash?: string },
) => q.updateTable('operator').set(v).where('id', '=', id).execute();

// ---------------------------------------------------------------- users

export async function searchUsers(
  q: Q,
  f: { q?: string; state: UserState | 'all'; page: number; size: number },
) {
  let base = q.selectFrom('app_user as u');
  if (f.state !== 'all') base = base.where('u.state', '=', f.state);
  if (f.q) {
    const pattern = contains(f.q);
    base = base.where((eb) =>
      eb.or([
        eb('u.account', 'ilike', pattern),
        eb('u.invite_code', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('kyc_submission as k')
            .select('k.id')
            .whereRef('k.user_id', '=', 'u.id')
            .where('k.realname', 'ilike', pattern),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .leftJoin('app_user as i', 'i.id', 'u.inviter_id')
      .leftJoin('ledger_account as a', (j) =>
        j.onRef('a.owner', '=', 'u.id').on('a.currency', '=', 'jpy').on('a.kind', '=', 'cash'),
      )
      .select((eb) => [
        'u.id',
        'u.account',
        'u.state',
        'u.state_reason',
        'u.invite_code',
        'u.created_at',
        'i.account as inviter',
        sql<string | null>`(a.credits_posted - a.debits_posted - a.debits_pending)::text`.as('jpy_available'),
        eb
          .selectFrom('kyc_submission as k')
          .select('k.realname')
          .whereRef('k.user_id', '=', 'u.id')
          .orderBy('k.id', 'desc')
          .limit(1)
          .as('realname'),
        eb
          .selectFrom('kyc_submission as k')
          .select('k.status')
          .whereRef('k.user_id', '=', 'u.id')
          .orderBy('k.id', 'desc')
          .limit(1)
          .as('kyc_status'),
      ])
      .orderBy('u.id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const userRow = (q: Q, id: bigint) =>
  q
    .selectFrom('app_user as u')
    .leftJoin('app_user as i', 'i.id', 'u.inviter_id')
    .select([
      'u.id',
      'u.account',
      'u.state',
      'u.state_reason',
      'u.invite_code',
      'u.created_at',
      'u.fund_password_hash',
      'i.account as inviter',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();

export const invitees = async (q: Q, id: bigint) =>
  Number(
    (
      await q
        .selectFrom('app_user')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('inviter_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const setUserState = (q: Q, id: bigint, state: UserState, reason: string | null) =>
  q.updateTable('app_user').set({ state, state_reason: reason }).where('id', '=', id).execute();

export const revokeUserSessions = (q: Q, userId: bigint, at: Date) =>
  q
    .updateTable('session')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

// ---------------------------------------------------------------- audit

export async function auditPage(q: Q, f: { q?: string; page: number; size: number }) {
  let base = q.selectFrom('audit_log');
  if (f.q) {
    const pattern = contains(f.q);
    base = base.where((eb) =>
      eb.or([
        eb('action', 'ilike', pattern),
        eb('target', 'ilike', pattern),
        eb('operator_name', 'ilike', pattern),
        eb('reason', 'ilike', pattern),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'operator_name', 'action', 'target', 'reason', 'detail', 'created_at'])
      .orderBy('id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

// ---------------------------------------------------------------- reconciliation beyond the ledger

/**
 * Users' cash accounts whose posted balance differs from their last fund record's balance (the wallet's
 * highest record id, found in the records index alone: one table row read per account, not its history).
 */
export const recordMismatches = async (q: Q) =>
  (
    await sql<{ owner: bigint; currency: string; posted: string; recorded: string | null }>`
      select owner, currency, posted::text, recorded::text from (
        select a.owner, a.currency, a.credits_posted - a.debits_posted as posted,
          (select r.balance from fund_record r where r.id = (
            select max(m.id) from fund_record m where m.user_id = a.owner and m.currency = a.currency)) as recorded
        from ledger_account a
        where a.kind = 'cash' and a.owner is not null
      ) c
      where posted <> coalesce(recorded, 0)
      order by owner, currency
      limit 20`.execute(q)
  ).rows;

/** Pending withdrawals whose reservation is not an open pending transfer of the same amount. */
export const withdrawalMismatches = async (q: Q) =>
  (
    await sql<{ id: bigint }>`
      select w.id from withdrawal w
      left join ledger_transfer p on p.id = w.pending_transfer_id
      left join ledger_transfer r on r.pending_id = p.id
      where (w.status = 0 and (p.id is null or r.id is not null or p.amount <> w.amount))
         or (w.status <> 0 and (r.id is null or r.id <> w.resolve_transfer_id))
      order by w.id limit 20`.execute(q)
  ).rows;
