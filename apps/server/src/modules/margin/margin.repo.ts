import { type Db, type MarginCallStatus, rowSet, sqlArray, type Tx } from '@kabuto/db';
import { FINANCING_DENOMINATOR, REVIEW_CODE } from '@kabuto/domain';
import { sql } from 'kysely';
import { type QueuePage, queuePage } from '../../shared/review-queue.ts';

type Q = Db | Tx;

const COLUMNS = [
  'id',
  'user_id',
  'status',
  'experience',
  'assets',
  'income',
  'risks_understood',
  'agreed_at',
  'legacy',
  'reason',
  'created_at',
  'decided_at',
] as const;

/** The user's latest application (an approved or pending one when there is one). */
export const latest = (q: Q, userId: bigint) =>
  q
    .selectFrom('margin_account')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const insert = (
  q: Q,
  row: {
    user_id: bigint;
    experience: string;
    assets: string;
    income: string;
    risks_understood: boolean;
    agreed_at: Date;
    created_at: Date;
  },
) => q.insertInto('margin_account').values(row).returning('id').executeTakeFirstOrThrow();

export const lockById = (tx: Tx, id: bigint) =>
  tx.selectFrom('margin_account').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export const decide = (
  tx: Tx,
  id: bigint,
  set: { status: 0 | 1 | 2; reason: string | null; decided_at: Date; decided_by: bigint },
) => tx.updateTable('margin_account').set(set).where('id', '=', id).execute();

export const countPending = async (q: Q): Promise<number> => {
  const r = await q
    .selectFrom('margin_account')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', REVIEW_CODE.pending)
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

export function list(q: Q, f: QueuePage) {
  let base = q.selectFrom('margin_account as m');
  if (f.status !== 'all') base = base.where('m.status', '=', REVIEW_CODE[f.status]);
  const rows = base
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .leftJoin('operator as o', 'o.id', 'm.decided_by')
    .select([
      'm.id',
      'm.user_id',
      'u.account',
      'm.status',
      'm.experience',
      'm.assets',
      'm.income',
      'm.risks_understood',
      'm.legacy',
      'm.reason',
      'm.created_at',
      'm.decided_at',
      'o.username as decided_by_name',
    ]);
  return queuePage(rows, base, 'm.id', f);
}

// ---------------------------------------------------------------- books and calls

/** Open margin positions (above 1× or short, not day trades), of some users or of everyone. */
export function marginPositions(q: Q, userIds?: readonly bigint[]) {
  let query = q
    .selectFrom('position')
    .select([
      'id',
      'user_id',
      'market',
      'symbol',
      'direction',
      'leverage',
      'quantity',
      'open_price',
      'margin',
      'status',
      'filled_at',
      'created_at',
    ])
    .where('status', 'in', [0, 2])
    .where('day_trade', '=', false)
    .where((eb) => eb.or([eb('leverage', '>', 1), eb('direction', '=', 2)]));
  // one array parameter however many users (a list would take one each, past the protocol's 65,535)
  if (userIds) query = query.where(sql<boolean>`user_id = any(${sqlArray(userIds, 'int8')})`);
  return query.orderBy('id').execute();
}
export type MarginPositionRow = Awaited<ReturnType<typeof marginPositions>>[number];

/** The users with an open margin call (whose books are looked at even when nothing moves). */
export const openCalls = (q: Q) =>
  q.selectFrom('margin_call').selectAll().where('status', '=', 'open').orderBy('id').execute();
export type MarginCallRow = Awaited<ReturnType<typeof openCalls>>[number];

export const userCalls = (q: Q, userId: bigint, status?: MarginCallStatus) => {
  let query = q.selectFrom('margin_call').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id', 'desc').limit(20).execute();
};

export const lockOpenCall = (tx: Tx, userId: bigint, market: string) =>
  tx
    .selectFrom('margin_call')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();

export const insertCall = (
  tx: Tx,
  row: {
    user_id: bigint;
    market: string;
    amount: bigint;
    ratio_ppm: bigint;
    deadline: Date;
    created_at: Date;
  },
) => tx.insertInto('margin_call').values(row).returning('id').executeTakeFirstOrThrow();

export const resolveCall = (tx: Tx, id: bigint, status: MarginCallStatus, at: Date) =>
  tx
    .updateTable('margin_call')
    .set({ status, resolved_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();

/** The back office's list of calls (open first, by deadline), with the user's account name. */
export const callList = (q: Q, status: MarginCallStatus | 'all', limit: number) => {
  let query = q
    .selectFrom('margin_call as c')
    .innerJoin('app_user as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'u.account',
      'c.market',
      'c.amount',
      'c.ratio_ppm',
      'c.deadline',
      'c.status',
      'c.created_at',
      'c.resolved_at',
    ]);
  if (status !== 'all') query = query.where('c.status', '=', status);
  return query.orderBy('c.deadline', 'asc').orderBy('c.id', 'asc').limit(limit).execute();
};

/** Available cash (credits − debits posted − debits pending) per user of one currency. */
export async function cashOf(
  q: Q,
  userIds: readonly bigint[],
  currency: string,
): Promise<Map<bigint, bigint>> {
  const out = new Map<bigint, bigint>();
  if (!userIds.length) return out;
  const rows = await q
    .selectFrom('ledger_account')
    .select(['owner', sql<string>`credits_posted - debits_posted - debits_pending`.as('available')])
    .where('kind', '=', 'cash')
    .where('currency', '=', currency)
    .where(sql<boolean>`owner = any(${sqlArray(userIds, 'int8')})`)
    .execute();
  for (const r of rows) if (r.owner !== null) out.set(r.owner, BigInt(r.available));
  return out;
}

/**
 * What the order gate reads for each user and market, in one statement: the status of the user's open
 * application, pending (0) or approved (1) (at most one: `margin_account_open_uq`; null without one),
 * the deadline of the market's open call (null without one) and the collateral (the wallet's available
 * cash + the margin its open margin positions hold − their costs accrued and not yet charged, each
 * position's kind truncated as `accruedUnits` does: as `readBooks` counts it). The margin held is one
 * row of `margin_held` (kept by the database at every write of a position), not a sum over the user's
 * positions. Each part is one index lookup; the statuses are literals so that the partial indexes'
 * predicates match.
 */
export async function orderGate(q: Q, pairs: readonly { userId: bigint; market: string }[]) {
  const input = rowSet(
    'input',
    { user_id: 'int8', market: 'text' },
    pairs.map((p) => ({ user_id: p.userId, market: p.market })),
  );
  const { rows } = await sql<{
    user_id: bigint;
    market: string;
    status: number | null;
    deadline: Date | null;
    collateral: string;
  }>`
    select input.user_id, input.market,
      (select a.status from margin_account a where a.user_id = input.user_id and a.status in (0, 1)) as status,
      (select c.deadline from margin_call c
        where c.user_id = input.user_id and c.market = input.market and c.status = 'open') as deadline,
      (coalesce((select l.credits_posted - l.debits_posted - l.debits_pending from ledger_account l
        where l.owner = input.user_id and l.currency = input.market and l.kind = 'cash'), 0)
      + coalesce((select h.held from margin_held h
        where h.user_id = input.user_id and h.market = input.market), 0)
      - coalesce((select sum(trunc(case when d.kind = 'short_premium' then d.numerator
            else d.numerator / ${FINANCING_DENOMINATOR.toString()}::numeric end))
          from position p join margin_financing_due d on d.position_id = p.id
          where p.user_id = input.user_id and p.market = input.market and p.status in (0, 2)
            and not p.day_trade and (p.leverage > 1 or p.direction = 2) and p.open_price is not null), 0)
      )::text as collateral
    from ${input}`.execute(q);
  const by = new Map(rows.map((r) => [`${r.user_id}|${r.market}`, r]));
  return pairs.map((p) => {
    const r = by.get(`${p.userId}|${p.market}`)!;
    return { status: r.status, deadline: r.deadline, collateral: BigInt(r.collateral) };
  });
}
