import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

/**
 * The history of the background jobs, one row per job and business key: a daily job once per
 * business date (`jpy:2026-11-27`), a step of the leader's frequent round once per day it failed on.
 * The queue itself (pg-boss) keeps its own tables; this is what the back office lists, with every
 * attempt and failure counted, the last error kept and an operator's re-runs counted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_run')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('job', 'text', (c) => c.notNull().check(sql`length(job) between 1 and 60`))
    .addColumn('key', 'text', (c) => c.notNull().check(sql`length(key) between 1 and 120`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('daily', 'round')`))
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'running', 'retrying', 'completed', 'dead', 'failed')`),
    )
    .addColumn('queue_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reruns', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('job_run_job_key', ['job', 'key'])
    .execute();
  await db.schema
    .createIndex('job_run_updated')
    .on('job_run')
    .columns(['updated_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('job_run_open')
    .on('job_run')
    .column('state')
    .where(sql.ref('state'), 'in', ['dead', 'failed', 'retrying'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_run').execute();
}
