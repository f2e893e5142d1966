import type { BlockOfferingTable, BlockSubscriptionTable, Db, Tx } from '@kabuto/db';
import { BLOCK_SUBSCRIPTION_STATUS, type BlockSubscriptionStatus } from '@kabuto/domain';
import { type Insertable, type Selectable, sql } from 'kysely';

/** Every statement on `block_offering` and `block_subscription`. */

type Q = Db | Tx;
export type OfferingRow = Selectable<BlockOfferingTable>;
export type SubscriptionRow = Selectable<BlockSubscriptionTable>;

/** Offering status: 0 open (or scheduled), 1 allocated, 2 cancelled. */
export const OFFERING_STATUS = { open: 0, allocated: 1, cancelled: 2 } as const;

export const insertOffering = (q: Q, v: Insertable<BlockOfferingTable>) =>
  q.insertInto('block_offering').values(v).returningAll().executeTakeFirstOrThrow();

export const updateOffering = (
  q: Q,
  id: bigint,
  v: Partial<
    Pick<
      OfferingRow,
      'price' | 'shares' | 'password_hash' | 'start_at' | 'end_at' | 'status' | 'entries_commitment'
    >
  > & {
    updated_at: Date;
  },
) => q.updateTable('block_offering').set(v).where('id', '=', id).returningAll().executeTakeFirst();

export const getOffering = (q: Q, id: bigint) =>
  q.selectFrom('block_offering').selectAll().where('id', '=', id).executeTakeFirst();

export const lockOffering = (tx: Tx, id: bigint) =>
  tx.selectFrom('block_offering').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** A user's offerings list: open ones of a market not yet ended, soonest end first. */
export const openOfferings = (q: Q, market: string, now: Date) =>
  q
    .selectFrom('block_offering')
    .selectAll()
    .where('market', '=', market)
    .where('status', '=', OFFERING_STATUS.open)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .orderBy('id')
    .limit(200)
    .execute();

/** Open offerings whose window has closed: the allocation job's work. */
export const dueOfferings = (q: Q, now: Date) =>
  q
    .selectFrom('block_offering')
    .select('id')
    .where('status', '=', OFFERING_STATUS.open)
    .where('end_at', '<=', now)
    .orderBy('id')
    .limit(100)
    .execute();

export const listOfferings = async (q: Q, f: { status?: number; page: number; size: number }) => {
  let base = q.selectFrom('block_offering');
  if (f.status !== undefined) base = base.where('status', '=', f.status);
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(f.size)
    .offset((f.page - 1) * f.size)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
};

/** Counts the shares subscribed (the offering row is locked by the caller). */
export const addSubscribed = (tx: Tx, id: bigint, shares: bigint) =>
  tx
    .updateTable('block_offering')
    .set({ subscribed: sql`subscribed + ${shares}` })
    .where('id', '=', id)
    .execute();

export const markAllocated = (tx: Tx, id: bigint, allocated: bigint, at: Date) =>
  tx
    .updateTable('block_offering')
    .set({ status: OFFERING_STATUS.allocated, allocated, allocated_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();

export const insertSubscription = (tx: Tx, v: Insertable<BlockSubscriptionTable>) =>
  tx.insertInto('block_subscription').values(v).returningAll().executeTakeFirstOrThrow();

export const hasSubscribed = async (q: Q, offeringId: bigint, userId: bigint) =>
  (await q
    .selectFrom('block_subscription')
    .select('id')
    .where('offering_id', '=', offeringId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

/** The pending subscriptions of an offering, by id (the order the allocation's draw is defined on). */
export const pendingSubscriptions = (tx: Tx, offeringId: bigint) =>
  tx
    .selectFrom('block_subscription')
    .selectAll()
    .where('offering_id', '=', offeringId)
    .where('status', '=', BLOCK_SUBSCRIPTION_STATUS.pending)
    .orderBy('id')
    .forUpdate()
    .execute();

/** The subscriptions an allocation decided, by id (its draw's inputs and its result). */
export const decidedSubscriptions = (q: Q, offeringId: bigint) =>
  q
    .selectFrom('block_subscription')
    .select(['id', 'order_no', 'quantity', 'allocated'])
    .where('offering_id', '=', offeringId)
    .where('status', '!=', BLOCK_SUBSCRIPTION_STATUS.pending)
    .orderBy('id')
    .execute();

export const decideSubscription = (
  tx: Tx,
  id: bigint,
  v: { status: BlockSubscriptionStatus; allocated: bigint; position_id: bigint | null; decided_at: Date },
) => tx.updateTable('block_subscription').set(v).where('id', '=', id).execute();

/** A user's subscriptions of a market with their offering. */
export const userSubscriptions = (q: Q, userId: bigint, market: string) =>
  q
    .selectFrom('block_subscription as s')
    .innerJoin('block_offering as o', 'o.id', 's.offering_id')
    .selectAll('s')
    .select(['o.symbol', 'o.market'])
    .where('s.user_id', '=', userId)
    .where('o.market', '=', market)
    .orderBy('s.id', 'desc')
    .limit(500)
    .execute();

/** Subscriptions for the back office, filtered by offering, status or user account. */
export const listSubscriptions = async (
  q: Q,
  f: { offering_id?: bigint; status?: number; account?: string; page: number; size: number },
) => {
  let base = q
    .selectFrom('block_subscription as s')
    .innerJoin('block_offering as o', 'o.id', 's.offering_id')
    .innerJoin('app_user as u', 'u.id', 's.user_id');
  if (f.offering_id !== undefined) base = base.where('s.offering_id', '=', f.offering_id);
  if (f.status !== undefined) base = base.where('s.status', '=', f.status);
  if (f.account) base = base.where('u.account', '=', f.account);
  const rows = await base
    .selectAll('s')
    .select(['o.symbol', 'o.market', 'u.account'])
    .orderBy('s.id', 'desc')
    .limit(f.size)
    .offset((f.page - 1) * f.size)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
};
