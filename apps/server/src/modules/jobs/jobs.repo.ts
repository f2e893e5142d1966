import type { Db, JobRunState, Tx } from '@kabuto/db';
import { sql } from 'kysely';

/** The longest error text kept on a run (the first line and the start of the stack). */
const ERROR_MAX = 2000;
export const errorText = (err: unknown): string =>
  (err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err)).slice(0, ERROR_MAX);

/** A daily job's row, once: a second enqueue of the same business key finds it and adds nothing. */
export async function insertQueued(db: Db, job: string, key: string, queueId: string, at: Date) {
  const r = await db
    .insertInto('job_run')
    .values({ job, key, kind: 'daily', state: 'queued', queue_id: queueId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['job', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

/** An attempt starts (the row is made here when the queue ran the job before its enqueuer wrote it). */
export async function started(db: Db, job: string, key: string, queueId: string, at: Date) {
  await db
    .insertInto('job_run')
    .values({
      job,
      key,
      kind: 'daily',
      state: 'running',
      queue_id: queueId,
      attempts: 1,
      started_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['job', 'key']).doUpdateSet({
        state: 'running',
        queue_id: queueId,
        attempts: sql`job_run.attempts + 1`,
        started_at: at,
        finished_at: null,
        updated_at: at,
      }),
    )
    .execute();
}

export async function finished(db: Db, job: string, key: string, result: unknown, at: Date) {
  await db
    .updateTable('job_run')
    .set({
      state: 'completed',
      result: JSON.stringify(result ?? null, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
      finished_at: at,
      updated_at: at,
    })
    .where('job', '=', job)
    .where('key', '=', key)
    .execute();
}

/** An attempt failed: `retrying` (the queue tries again after a delay) or `dead` (dead-lettered). */
export async function attemptFailed(
  db: Db,
  job: string,
  key: string,
  state: 'retrying' | 'dead',
  error: string,
  at: Date,
) {
  await db
    .updateTable('job_run')
    .set({
      state,
      failures: sql`failures + 1`,
      last_error: error,
      finished_at: at,
      updated_at: at,
    })
    .where('job', '=', job)
    .where('key', '=', key)
    .execute();
}

/** A step of the frequent round failed: one row per step and day, its failures counted. */
export async function roundFailed(db: Db, job: string, key: string, error: string, at: Date) {
  await db
    .insertInto('job_run')
    .values({
      job,
      key,
      kind: 'round',
      state: 'failed',
      attempts: 1,
      failures: 1,
      last_error: error,
      started_at: at,
      finished_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['job', 'key']).doUpdateSet({
        state: 'failed',
        attempts: sql`job_run.attempts + 1`,
        failures: sql`job_run.failures + 1`,
        last_error: error,
        started_at: at,
        finished_at: at,
        updated_at: at,
      }),
    )
    .execute();
}

/** A round step that had failed today ran through: its row reads completed (the failures stay counted). */
export async function roundRecovered(db: Db, job: string, key: string, at: Date) {
  await db
    .updateTable('job_run')
    .set({ state: 'completed', attempts: sql`attempts + 1`, finished_at: at, updated_at: at })
    .where('job', '=', job)
    .where('key', '=', key)
    .where('state', '=', 'failed')
    .execute();
}

export async function lockRun(tx: Tx, id: bigint) {
  return tx.selectFrom('job_run').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markRerun(tx: Tx, id: bigint, state: JobRunState, at: Date) {
  await tx
    .updateTable('job_run')
    .set({ state, reruns: sql`reruns + 1`, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function getRun(db: Db, id: bigint) {
  return db.selectFrom('job_run').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Runs, latest change first, all or one state; with how many are retrying, dead and failed. */
export async function listRuns(db: Db, state: JobRunState | 'all', page: number, size: number) {
  let q = db.selectFrom('job_run');
  if (state !== 'all') q = q.where('state', '=', state);
  const [rows, total, counts] = await Promise.all([
    q
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('job_run')
      .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
      .where('state', 'in', ['retrying', 'dead', 'failed'])
      .groupBy('state')
      .execute(),
  ]);
  const count = (s: JobRunState) => Number(counts.find((c) => c.state === s)?.n ?? 0);
  return {
    rows,
    total: Number(total.n),
    counts: { retrying: count('retrying'), dead: count('dead'), failed: count('failed') },
  };
}
