import { createHash } from 'node:crypto';
import { type Db, rawDriverOf } from '@kabuto/db';
import type { Clock } from '@kabuto/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { fromPglite, type Db as IDatabase, type JobWithMetadata, PgBoss } from 'pg-boss';
import { runInContext } from '../../ops/context.ts';
import { jobDeadLetters, jobRetries, observeJob } from '../../ops/metrics.ts';
import * as repo from './jobs.repo.ts';

/**
 * A job that runs once per business key: the key names a market's business date (`jpy:2026-11-27`),
 * so the day's accruals or P&L are booked once however often the key is offered.
 */
export interface DailyJob {
  /** lending, products, … (the queue is `daily.<name>`). */
  name: string;
  /** The keys due at `now`, e.g. one per market whose last close has passed. */
  keys(now: number): string[];
  /** The work of one key. Safe to run again (a re-run books nothing twice); throws to be retried. */
  run(key: string): Promise<unknown>;
}

export interface QueueSettings {
  /** Attempts after the first before a job is dead-lettered. */
  retryLimit: number;
  /** The first retry's delay in seconds; each later one doubles (with jitter). */
  retryDelaySeconds: number;
  /** How often an idle worker looks for work (default 2 s). */
  pollSeconds?: number;
}

/** Where failed jobs go once their retries are spent (read by the back office, re-run from there). */
export const DEAD_LETTER_QUEUE = 'daily.dead';
const queueOf = (job: string) => `daily.${job}`;

/** The queue's job id for a job and key: the same every time, so the queue refuses a second one. */
export function queueId(job: string, key: string): string {
  const h = createHash('sha256').update(`${job}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** node-postgres' own parsers: the queue reads int8 as text, as it expects (the app's pool reads bigint). */
const PG_TYPES = { getTypeParser: pg.types.getTypeParser };
const PGLITE_TEXT_INT8 = { parsers: { 20: (v: string) => v } };

/**
 * pg-boss on the app's own database. PostgreSQL: the app's pool. PGlite (embedded, no socket): the same
 * instance, whose one connection serialises the queue's statements with the app's transactions.
 */
function queueDatabase(db: Db): IDatabase {
  const raw = rawDriverOf(db);
  if (!raw) throw new Error('the job queue needs a database made by createDb');
  if (raw.kind === 'pglite') {
    const p = raw.pglite;
    return fromPglite({
      query: (text: string, values?: unknown[]) => p.query(text, values, PGLITE_TEXT_INT8),
      exec: (text: string) => p.exec(text, PGLITE_TEXT_INT8),
    });
  }
  const pool = raw.pool;
  return {
    async executeSql(text: string, values?: unknown[]) {
      const r = (await pool.query({ text, values: values?.length ? values : undefined, types: PG_TYPES })) as
        | pg.QueryResult
        | pg.QueryResult[];
      // a multi-statement text (the queue's migrations) answers one result per statement
      return { rows: Array.isArray(r) ? r.flatMap((x) => x.rows ?? []) : r.rows };
    },
  };
}

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  daily: DailyJob[];
  settings: QueueSettings;
  log: (msg: string, err?: unknown) => void;
}

/**
 * The durable queue (pg-boss) of the daily jobs. The leader offers the due keys every round
 * (`enqueueDue`); each is sent once with its deterministic id and its singleton key, and run by the
 * leader's workers with retries (exponential backoff) and, when those are spent, the dead letter queue.
 * Every attempt is written to `job_run`, which the back office lists. pg-boss starts on first use.
 */
export function jobQueue(o: JobQueueOptions) {
  const { db, clock, daily } = o;
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let closed = false;
  const workers: string[] = [];
  /** Keys already offered by this process (the queue refuses them anyway; this saves the round trip). */
  const offered = new Set<string>();

  async function open(): Promise<PgBoss> {
    if (closed) throw new Error('the job queue is closed');
    // PGlite: the queue's own schema; PostgreSQL: the app's schema unless that is public
    const current = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
    const raw = rawDriverOf(db);
    const schema = raw?.kind === 'postgres' && current && current !== 'public' ? current : 'pgboss';
    const b = new PgBoss({
      db: queueDatabase(db),
      backend: raw?.kind === 'pglite' ? 'pglite' : 'postgres',
      schema,
      schedule: false,
      registerInstance: false,
    });
    b.on('error', (err) => o.log('job queue error', err));
    await b.start();
    await b.createQueue(DEAD_LETTER_QUEUE, { retryLimit: 0 });
    for (const job of daily)
      await b.createQueue(queueOf(job.name), {
        retryLimit: o.settings.retryLimit,
        retryDelay: o.settings.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 3600,
        deadLetter: DEAD_LETTER_QUEUE,
        // a run's row stays in job_run; the queue's own keeps a month, so a key is refused that long
        deleteAfterSeconds: 31 * 24 * 3600,
      });
    return b;
  }

  async function ready(): Promise<PgBoss> {
    if (boss) return boss;
    starting ??= open().then(
      (b) => {
        boss = b;
        return b;
      },
      (err) => {
        starting = null;
        throw err;
      },
    );
    return starting;
  }

  /** Offer one key of a job: sent once (a second offer of the same key sends nothing); true when sent. */
  async function enqueue(job: string, key: string): Promise<boolean> {
    const b = await ready();
    const id = queueId(job, key);
    const sent = await b.send(queueOf(job), { key }, { id, singletonKey: `${job}:${key}` });
    await repo.insertQueued(db, job, key, id, new Date(clock.now()));
    offered.add(`${job}|${key}`);
    return sent !== null;
  }

  /** The leader's round: offer every due key not offered yet. */
  async function enqueueDue(): Promise<number> {
    const now = clock.now();
    let sent = 0;
    for (const job of daily)
      for (const key of job.keys(now)) {
        if (offered.has(`${job.name}|${key}`)) continue;
        if (await enqueue(job.name, key)) sent++;
      }
    return sent;
  }

  async function attempt(def: DailyJob, job: JobWithMetadata<{ key: string }>) {
    const key = job.data.key;
    const at = () => new Date(clock.now());
    await repo.started(db, def.name, key, job.id, at());
    try {
      const lag = Date.now() - new Date(job.startAfter).getTime();
      const result = await runInContext({ job: def.name }, () =>
        observeJob(def.name, lag, () => def.run(key)),
      );
      await repo.finished(db, def.name, key, result, at());
      return result;
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      (last ? jobDeadLetters : jobRetries).inc({ job: def.name });
      await repo
        .attemptFailed(db, def.name, key, last ? 'dead' : 'retrying', repo.errorText(err), at())
        .catch((e) => o.log('job run not recorded', e));
      o.log(last ? `job ${def.name} ${key} dead-lettered` : `job ${def.name} ${key} failed; retrying`, err);
      throw err;
    }
  }

  /** Work the daily queues (the leader only). */
  async function startWorkers(): Promise<void> {
    const b = await ready();
    if (workers.length > 0) return;
    for (const def of daily) {
      workers.push(queueOf(def.name));
      await b.work<{ key: string }, unknown, { includeMetadata: true; pollingIntervalSeconds: number }>(
        queueOf(def.name),
        { includeMetadata: true, pollingIntervalSeconds: o.settings.pollSeconds ?? 2 },
        async ([job]) => attempt(def, job),
      );
    }
  }

  async function stopWorkers(): Promise<void> {
    const b = boss;
    const names = workers.splice(0);
    if (!b) return;
    for (const name of names)
      await b.offWork(name, { wait: true }).catch((err) => o.log('offWork failed', err));
  }

  /**
   * A dead-lettered run goes back on its queue for one more attempt (its dead letter copy removed). When
   * the queue no longer has the job (kept a month), it is sent afresh under the same key.
   */
  async function requeue(job: string, key: string, id: string | null): Promise<void> {
    const b = await ready();
    const name = queueOf(job);
    const moved = id ? ((await b.retry(name, id)) as { affected?: number }).affected : 0;
    if (moved === 0) await b.send(name, { key }, { singletonKey: `${job}:${key}` });
    const copies = await b.findJobs(DEAD_LETTER_QUEUE, { key: `${job}:${key}` });
    if (copies.length > 0)
      await b.deleteJob(
        DEAD_LETTER_QUEUE,
        copies.map((c) => c.id),
      );
  }

  /** The dead letter queue's jobs (for tests and the runbook's check). */
  async function deadLetters() {
    const b = await ready();
    return b.findJobs<{ key: string }>(DEAD_LETTER_QUEUE);
  }

  return {
    enqueue,
    enqueueDue,
    startWorkers,
    stopWorkers,
    requeue,
    deadLetters,
    /** Whether a job name is one of the daily jobs. */
    isDaily: (job: string) => daily.some((d) => d.name === job),
    async close(): Promise<void> {
      closed = true;
      const b = boss ?? (starting ? await starting.catch(() => null) : null);
      if (!b) return;
      await stopWorkers();
      await b.stop({ graceful: true, timeout: 10_000 }).catch((err) => o.log('job queue stop failed', err));
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
