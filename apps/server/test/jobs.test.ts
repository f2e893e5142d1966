import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queueId } from '../src/modules/jobs/jobs.queue.ts';
import { leaderRound } from '../src/modules/jobs/jobs.round.ts';
import { createTestApp, expectOk, expectRefusal, T0, type TestApp } from './support/app.ts';
import { trader, userIdOf } from './support/trading.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);

/** Polls until `check` gives a value (the queue's workers run on real time); fails after `ms`. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  ms = 90_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(TEST_DB_KINDS)('durable jobs on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    // one retry, a second after the first failure: a failing job is dead-lettered within seconds
    t = await createTestApp(kind, { JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' });
    op = await t.adminLogin();
    await t.app.kabuto.durable.queue.startWorkers();
  }, 120_000);
  afterEach(async () => {
    t.clock.set(T0);
    op = await t.adminLogin();
  });
  afterAll(async () => t?.close(), 60_000);

  const run = (job: string, key: string) =>
    t.db.selectFrom('job_run').selectAll().where('job', '=', job).where('key', '=', key).executeTakeFirst();
  const list = async (state = 'all') =>
    expectOk(await t.admin('/jobs/list', { state }, op)) as {
      list: {
        id: string;
        job: string;
        key: string;
        state: string;
        attempts: number;
        failures: number;
        reruns: number;
        last_error: string;
      }[];
      total: number;
      counts: { dead: number; failed: number; retrying: number };
    };

  it('a daily job made to fail is retried, then dead-lettered; the back office lists it and re-runs it, audited', async () => {
    const key = 'jpy:2026-11-20|2026-11';
    // the accrual cannot read its loans: every attempt fails
    await sql`alter table stock_loan rename to stock_loan_away`.execute(t.db);
    try {
      expect(await t.app.kabuto.durable.queue.enqueue('lending', key)).toBe(true);
      // offered again (a second round, another instance): the queue refuses the same key
      expect(await t.app.kabuto.durable.queue.enqueue('lending', key)).toBe(false);
      const dead = await until('the dead letter', async () => {
        const r = await run('lending', key);
        return r?.state === 'dead' ? r : null;
      });
      expect(dead.attempts).toBe(2);
      expect(dead.failures).toBe(2);
      expect(dead.last_error).toMatch(/stock_loan/);
      expect(dead.queue_id).toBe(queueId('lending', key));
      const metrics = await t.app.ops.metrics();
      for (const series of [
        'kabuto_job_retries_total{job="lending"}',
        'kabuto_job_dead_letters_total{job="lending"}',
        'kabuto_job_failures_total{job="lending"}',
        'kabuto_job_lag_seconds{job="lending"}',
      ])
        expect(metrics).toContain(series);
      const letters = await t.app.kabuto.durable.queue.deadLetters();
      expect(letters.map((j) => j.data.key)).toContain(key);
    } finally {
      await sql`alter table stock_loan_away rename to stock_loan`.execute(t.db);
    }

    const shown = await list('dead');
    const row = shown.list.find((x) => x.job === 'lending' && x.key === key)!;
    expect(row).toMatchObject({ state: 'dead', attempts: 2, failures: 2, reruns: 0 });
    expect(shown.counts.dead).toBeGreaterThanOrEqual(1);

    // only a failed run can be re-run; an unknown one is refused
    expectRefusal(await t.admin('/jobs/rerun', { id: '999999', reason: 'again' }, op), 'jobs.notFound');
    expectRefusal(await t.admin('/jobs/rerun', { id: row.id }, op), 'validation.required');

    const again = expectOk(await t.admin('/jobs/rerun', { id: row.id, reason: 'table restored' }, op));
    expect(again).toEqual({ id: row.id, state: 'queued' });
    const done = await until('the re-run', async () => {
      const r = await run('lending', key);
      return r?.state === 'completed' ? r : null;
    });
    expect(done).toMatchObject({ attempts: 3, failures: 2, reruns: 1 });
    expect((await t.app.kabuto.durable.queue.deadLetters()).map((j) => j.data.key)).not.toContain(key);
    expectRefusal(await t.admin('/jobs/rerun', { id: row.id, reason: 'once more' }, op), 'jobs.notFailed');

    const audit = expectOk(await t.admin('/audit/list', { q: 'job.rerun' }, op)) as {
      list: { action: string; target: string; reason: string }[];
    };
    expect(audit.list).toContainEqual(
      expect.objectContaining({
        action: 'job.rerun',
        target: `job:lending:${key}`,
        reason: 'table restored',
      }),
    );
  }, 180_000);

  it('the daily job run twice posts once', async () => {
    expectOk(
      await t.admin('/lending/setRate', { symbol: '9984', rate: '3.65', reason: 'hard to borrow' }, op),
    );
    const s = await trader(t, { jpy: '10000000' });
    const pos = expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', symbol: '9984' },
        s,
      ),
    ) as { id: string };
    expectOk(await t.call('/trade/lend_stock', { id: pos.id, type: 'jpy' }, { token: s.token }));
    const userId = await userIdOf(t, s);
    const payments = () =>
      t.db
        .selectFrom('fund_record')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', 'lending')
        .execute();

    // the first trading day of December after the close: November's fees are paid
    t.clock.set(jst('2026-12-01T16:00:00'));
    const keys = t.app.kabuto.durable.queue;
    const key = 'jpy:2026-12-01|2026-12';
    expect(await keys.enqueueDue()).toBeGreaterThan(0);
    await until('the daily accrual', async () => (await run('lending', key))?.state === 'completed');
    const paid = await payments();
    expect(paid).toHaveLength(1);
    expect(paid[0].amount).toBeGreaterThan(0n);

    // offered again, then run again by hand through the round: nothing more is posted
    expect(await keys.enqueue('lending', key)).toBe(false);
    expect(await keys.enqueueDue()).toBe(0);
    await t.app.kabuto.jobs.runOnce();
    expect(await payments()).toEqual(paid);
    expect((await run('lending', key))?.attempts).toBe(1);
  }, 180_000);

  it('a failing step of the frequent round is recorded once a day, listed, and re-run', async () => {
    await sql`alter table block_offering rename to block_offering_away`.execute(t.db);
    try {
      const out = await t.app.kabuto.durable.round.run();
      expect(out.block).toBe('failed');
      // the other steps ran all the same
      expect(out.pendingOrders).toBeTruthy();
      await t.app.kabuto.durable.round.run();
    } finally {
      await sql`alter table block_offering_away rename to block_offering`.execute(t.db);
    }
    const failed = (await list('failed')).list.find((x) => x.job === 'block')!;
    expect(failed).toMatchObject({ state: 'failed', failures: 2 });
    expect(failed.last_error).toMatch(/block_offering/);
    // a round of another process (a restart, a new leader) that gets through marks it recovered
    const fresh = leaderRound({
      db: t.db,
      clock: t.clock,
      steps: { block: async () => 'ok' },
      log: () => {},
    });
    await fresh.run();
    expect((await list('completed')).list.find((x) => x.job === 'block')).toMatchObject({ failures: 2 });
    // it fails again; the operator runs it once the cause is gone
    await sql`alter table block_offering rename to block_offering_away`.execute(t.db);
    try {
      expect((await t.app.kabuto.durable.round.run()).block).toBe('failed');
    } finally {
      await sql`alter table block_offering_away rename to block_offering`.execute(t.db);
    }
    const again = expectOk(await t.admin('/jobs/rerun', { id: failed.id, reason: 'table back' }, op));
    expect(again).toEqual({ id: failed.id, state: 'completed' });
    expect((await list('failed')).list.find((x) => x.job === 'block')).toBeUndefined();
  }, 120_000);

  it('the list and re-run are for admins only', async () => {
    expectRefusal(await t.admin('/jobs/list', { state: 'nope' }, op), 'validation.invalid');
    expectRefusal(await t.admin('/jobs/list', {}, 'x'.repeat(40)), 'auth.loginAgain', 401);
  });
});
