import type { Db, IpoApplicationTable, IpoOfferingTable, Tx } from '@kabuto/db';
import type { Market } from '@kabuto/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';

/** Every statement on `ipo_offering` and `ipo_application`. */

export type OfferingRow = Selectable<IpoOfferingTable>;
export type ApplicationRow = Selectable<IpoApplicationTable>;
export type NewOffering = Insertable<IpoOfferingTable>;
export type NewApplication = Insertable<IpoApplicationTable>;

export async function listOfferings(db: Db, market: Market | undefined, limit = 200): Promise<OfferingRow[]> {
  let q = db.selectFrom('ipo_offering').selectAll();
  if (market) q = q.where('market', '=', market);
  return q.orderBy('subscribe_start', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function getOffering(db: Db | Tx, id: bigint): Promise<OfferingRow | undefined> {
  return db.selectFrom('ipo_offering').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockOffering(tx: Tx, id: bigint): Promise<OfferingRow | undefined> {
  return tx.selectFrom('ipo_offering').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A shared lock: applications may be written while it holds, the offering may not change. */
export async function shareOffering(tx: Tx, id: bigint): Promise<OfferingRow | undefined> {
  return tx.selectFrom('ipo_offering').selectAll().where('id', '=', id).forShare().executeTakeFirst();
}

export async function codeTaken(db: Db | Tx, code: string, exceptId?: bigint): Promise<boolean> {
  let q = db.selectFrom('ipo_offering').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertOffering(db: Db | Tx, row: NewOffering): Promise<OfferingRow> {
  return db.insertInto('ipo_offering').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateOffering(
  db: Db | Tx,
  id: bigint,
  set: Updateable<IpoOfferingTable>,
): Promise<void> {
  await db.updateTable('ipo_offering').set(set).where('id', '=', id).execute();
}

/** Offerings whose window has opened without a seed yet (the commitment is published at the opening). */
export async function openedWithoutSeed(db: Db, now: Date): Promise<OfferingRow[]> {
  return db
    .selectFrom('ipo_offering')
    .selectAll()
    .where('state', '=', 0)
    .where('seed', 'is', null)
    .where('subscribe_start', '<=', now)
    .orderBy('id')
    .execute();
}

/** Scheduled, priced offerings whose lottery date has come. */
/** Offerings whose window has closed and whose entry list is not committed yet (F9). */
export async function closedWithoutEntriesCommitment(db: Db, now: Date): Promise<OfferingRow[]> {
  return db
    .selectFrom('ipo_offering')
    .selectAll()
    .where('state', '=', 0)
    .where('entries_commitment', 'is', null)
    .where('subscribe_end', '<=', now)
    .orderBy('id')
    .execute();
}

export async function dueForDraw(db: Db, now: Date): Promise<OfferingRow[]> {
  return db
    .selectFrom('ipo_offering')
    .selectAll()
    .where('state', '=', 0)
    .where('offer_price', 'is not', null)
    .where('lottery_at', '<=', now)
    .orderBy('id')
    .execute();
}

/** Drawn offerings whose payment deadline has passed with waitlisted applications still waiting. */
export async function waitlistExpired(db: Db, now: Date): Promise<OfferingRow[]> {
  return db
    .selectFrom('ipo_offering')
    .selectAll()
    .where('state', 'in', [1, 2])
    .where('payment_deadline', '<=', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ipo_application')
          .select('ipo_application.id')
          .whereRef('ipo_application.offering_id', '=', 'ipo_offering.id')
          .where('ipo_application.outcome', '=', 'waitlisted'),
      ),
    )
    .orderBy('id')
    .execute();
}

/** Drawn offerings whose listing time has come. */
export async function dueForListing(db: Db, now: Date): Promise<OfferingRow[]> {
  return db
    .selectFrom('ipo_offering')
    .selectAll()
    .where('state', '=', 1)
    .where('listing_at', '<=', now)
    .orderBy('id')
    .execute();
}

export async function listedOfferings(db: Db): Promise<OfferingRow[]> {
  return db.selectFrom('ipo_offering').selectAll().where('state', '=', 2).orderBy('id').execute();
}

// ---------------------------------------------------------------- applications

export async function insertApplication(tx: Tx, row: NewApplication): Promise<ApplicationRow> {
  return tx.insertInto('ipo_application').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function hasApplied(db: Db | Tx, offeringId: bigint, userId: bigint): Promise<boolean> {
  const r = await db
    .selectFrom('ipo_application')
    .select('id')
    .where('offering_id', '=', offeringId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function userApplication(
  db: Db,
  offeringId: bigint,
  userId: bigint,
): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('ipo_application')
    .selectAll()
    .where('offering_id', '=', offeringId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function userApplications(
  db: Db,
  userId: bigint,
  offeringIds: readonly bigint[],
): Promise<ApplicationRow[]> {
  if (offeringIds.length === 0) return [];
  return db
    .selectFrom('ipo_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('offering_id', 'in', offeringIds)
    .execute();
}

/** A user's records of one market, newest first, with their offering. */
export async function userRecords(db: Db, userId: bigint, market: Market, page = 1, size = 50) {
  return db
    .selectFrom('ipo_application as a')
    .innerJoin('ipo_offering as o', 'o.id', 'a.offering_id')
    .selectAll('a')
    .select([
      'o.code',
      'o.name_jp',
      'o.name_cn',
      'o.name_us',
      'o.lottery_at',
      'o.payment_deadline',
      'o.listing_at',
      'o.offer_price',
      'o.state as offering_state',
    ])
    .where('a.user_id', '=', userId)
    .where('o.market', '=', market)
    .orderBy('a.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function lockApplication(
  tx: Tx,
  id: bigint,
  userId: bigint | null,
): Promise<ApplicationRow | undefined> {
  let q = tx.selectFrom('ipo_application').selectAll().where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.forUpdate().executeTakeFirst();
}

/** Every application of an offering in id order (the draw's input), locked. */
export async function lockApplications(tx: Tx, offeringId: bigint): Promise<ApplicationRow[]> {
  return tx
    .selectFrom('ipo_application')
    .selectAll()
    .where('offering_id', '=', offeringId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function applicationsOf(db: Db, offeringId: bigint): Promise<ApplicationRow[]> {
  return db
    .selectFrom('ipo_application')
    .selectAll()
    .where('offering_id', '=', offeringId)
    .orderBy('id')
    .execute();
}

export async function updateApplication(
  tx: Tx,
  id: bigint,
  set: Updateable<IpoApplicationTable>,
): Promise<void> {
  await tx.updateTable('ipo_application').set(set).where('id', '=', id).execute();
}

export async function countApplications(db: Db, offeringIds: readonly bigint[]) {
  if (offeringIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('ipo_application')
    .select(['offering_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('offering_id', 'in', offeringIds)
    .groupBy('offering_id')
    .execute();
  return new Map(rows.map((r) => [String(r.offering_id), Number(r.n)]));
}

export interface ApplicationFilter {
  offeringId?: bigint;
  status?: number;
  outcome?: 'pending' | 'won' | 'waitlisted' | 'lost';
  account?: string;
  page: number;
  size: number;
}

/** The back office's list of applications, with the applicant's account. */
export async function queueApplications(db: Db, f: ApplicationFilter) {
  let q = db
    .selectFrom('ipo_application as a')
    .innerJoin('app_user as u', 'u.id', 'a.user_id')
    .innerJoin('ipo_offering as o', 'o.id', 'a.offering_id');
  if (f.offeringId !== undefined) q = q.where('a.offering_id', '=', f.offeringId);
  if (f.status !== undefined) q = q.where('a.status', '=', f.status);
  if (f.outcome !== undefined) q = q.where('a.outcome', '=', f.outcome);
  if (f.account) q = q.where('u.account', '=', f.account);
  const [rows, total] = await Promise.all([
    q
      .selectAll('a')
      .select(['u.account', 'o.code', 'o.name_jp'])
      .orderBy('a.id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
