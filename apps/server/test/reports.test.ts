import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { parseUnits } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amount } from '../src/modules/reports/documents.ts';
import { reportsService } from '../src/modules/reports/reports.service.ts';
import { fileStore } from '../src/shared/files.ts';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { pinPrices, trader, userIdOf } from './support/trading.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);
const dir = mkdtempSync(join(tmpdir(), 'kabuto-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of a PDF as a PDF reader extracts it (poppler's pdftotext, keeping the layout). */
function pdfText(bytes: Buffer): string {
  const file = join(dir, `r${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 90_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(API_DB_KINDS)('reports (PDF) on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let b: Session;
  let reports: ReturnType<typeof reportsService>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await trader(t, { jpy: '10000000' });
    b = await trader(t, { jpy: '10000000' });
    reports = reportsService({
      db: t.db,
      clock: t.clock,
      env: t.env,
      files: fileStore(t.db, t.env),
      market: t.app.kabuto.market,
    });
  }, 120_000);
  afterAll(async () => t?.close(), 60_000);

  const list = async (s: Session, body: Record<string, unknown> = {}) =>
    expectOk(await t.call('/user/reports', body, { token: s.token })) as {
      list: { id: string; kind: string; start: string; end: string; sha256: string; size: number }[];
      total: number;
    };
  const download = (s: { token?: string }, id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vue/user/report_file',
      headers: s.token ? { token: s.token } : {},
      payload: { id },
    });
  const buy = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, zhang: '100', ...body }, s);
  const sell = (s: Session, id: string, body: Record<string, unknown> = {}) =>
    t.money('/trade/sell_stock', { id, type: 'jpy', ...body }, s);

  it('every fill has its 取引報告書 from the next day, made once by the daily job; only its owner sees it', async () => {
    t.clock.set(T0);
    const release = pinPrices(t, { '7203': parseUnits('1000')! });
    let orders: { order_number?: string; id: string }[];
    try {
      const first = expectOk(await buy(a, { symbol: '7203', zhang: '300' })) as { id: string };
      expectOk(await sell(a, first.id, { zhang: '100' }));
      const forced = expectOk(await buy(a, { symbol: '7203' })) as { id: string };
      expectOk(await sell(a, forced.id));
      orders = [first, forced];
    } finally {
      release();
    }
    const userId = await userIdOf(t, a);
    const fills = await t.db
      .selectFrom('position')
      .select(['order_no', 'status', 'split_from'])
      .where('user_id', '=', userId)
      .execute();
    expect(fills.length).toBeGreaterThanOrEqual(3);

    // the same day: nothing yet, and the day's job does nothing before the day has ended
    expect((await list(a)).total).toBe(0);
    expect(await reports.runDate('2026-11-24')).toMatchObject({ trade: 0 });
    expect((await list(a)).total).toBe(0);

    // the next morning the daily job on the durable queue makes it
    t.clock.set(jst('2026-11-25T08:00:00'));
    expect(reports.daily.keys(t.clock.now())).toContain('2026-11-24');
    await t.app.kabuto.durable.queue.startWorkers();
    expect(await t.app.kabuto.durable.queue.enqueue('reports', '2026-11-24')).toBe(true);
    await until('the reports job', async () => {
      const r = await t.db
        .selectFrom('job_run')
        .select('state')
        .where('job', '=', 'reports')
        .where('key', '=', '2026-11-24')
        .executeTakeFirst();
      return r?.state === 'completed';
    });
    const mine = await list(a);
    expect(mine.list.map((r) => [r.kind, r.start, r.end])).toEqual([['trade', '2026-11-24', '2026-11-24']]);
    // once: another run of the day makes nothing more
    expect(await reports.runDate('2026-11-24')).toMatchObject({ trade: 0 });
    expect((await list(a)).total).toBe(1);

    const r = await download(a, mine.list[0].id);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const bytes = r.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(mine.list[0].size);
    const text = pdfText(bytes);
    expect(text).toContain('取引報告書');
    expect(text).toContain('2026-11-24');
    expect(text).toContain('現物買');
    expect(text).toContain('現物売');
    const orderNos = new Set(fills.map((f) => f.order_no));
    for (const no of orderNos) expect(text).toContain(no);
    expect(orders).toHaveLength(2);
    // a site message announces it
    const notices = expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: a.token }));
    expect(JSON.stringify(notices)).toContain('取引報告書');

    // another user: an empty list, and A's report is "not found"; without a login, 401
    expect((await list(b)).total).toBe(0);
    const other = await download(b, mine.list[0].id);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ status: 0, code: 'report.notFound' });
    expect((await download({}, mine.list[0].id)).statusCode).toBe(401);
    expectRefusal(
      await t.call('/user/report_file', { id: mine.list[0].id }, { token: b.token }),
      'report.notFound',
    );
  });

  it('makes a 取引残高報告書 for a past period on demand, once, and refuses open or bad periods', async () => {
    t.clock.set(jst('2026-11-25T09:00:00'));
    const made = expectOk(
      await t.call('/user/report_statement', { start: '2026-11-01', end: '2026-11-24' }, { token: a.token }),
    );
    expect(made).toMatchObject({ kind: 'balance', start: '2026-11-01', end: '2026-11-24' });
    const again = expectOk(
      await t.call('/user/report_statement', { start: '2026-11-01', end: '2026-11-24' }, { token: a.token }),
    );
    expect(again.id).toBe(made.id);
    expect((await list(a, { kind: 'balance' })).list.map((r) => r.id)).toEqual([made.id]);
    const text = pdfText((await download(a, made.id)).rawPayload);
    expect(text).toContain('取引残高報告書');
    expect(text).toContain('2026-11-01');
    expect(text).toContain('7203');
    expect((await download(b, made.id)).json()).toMatchObject({ status: 0, code: 'report.notFound' });

    const ask = (start: string, end: string) =>
      t.call('/user/report_statement', { start, end }, { token: a.token });
    expectRefusal(await ask('2026-11-20', '2026-11-10'), 'report.badPeriod');
    expectRefusal(await ask('2026-11-20', '2026-11-25'), 'report.periodOpen');
    expectRefusal(await ask('2025-01-01', '2026-11-20'), 'report.periodTooLong');
    expectRefusal(await ask('2026-02-30', '2026-03-01'), 'validation.invalid');
  });

  it('a margin account gets a 取引残高報告書 every month; a cash account only every quarter', async () => {
    t.clock.set(T0);
    const d = await trader(t, { jpy: '10000000' });
    const release = pinPrices(t, { '7203': parseUnits('1000')! });
    try {
      expectOk(await buy(d, { symbol: '7203', ganggan: 2 }));
    } finally {
      release();
    }
    t.clock.set(jst('2026-12-01T08:00:00'));
    const run = await reports.runDate('2026-11-30');
    expect(run.balance).toBeGreaterThanOrEqual(1);
    t.clock.set(T0);
    expect((await list(d, { kind: 'balance' })).list.map((r) => [r.start, r.end])).toEqual([
      ['2026-11-01', '2026-11-30'],
    ]);
    // a's holdings are cash only: no monthly statement (the on-demand one of the test above stays)
    expect((await list(a, { kind: 'balance' })).list.map((r) => [r.start, r.end])).toEqual([
      ['2026-11-01', '2026-11-24'],
    ]);
  });

  it('without its font a report is refused (report.unavailable) and nothing is recorded', async () => {
    t.clock.set(jst('2026-11-25T09:00:00'));
    const userId = await userIdOf(t, a);
    const broken = reportsService({
      db: t.db,
      clock: t.clock,
      env: { ...t.env, REPORT_FONT: join(dir, 'no-such-font.ttc') },
      files: fileStore(t.db, t.env),
      market: t.app.kabuto.market,
    });
    await expect(broken.statement(userId, '2026-10-01', '2026-10-31')).rejects.toMatchObject({
      msg: 'report.unavailable',
    });
    const rows = await t.db
      .selectFrom('report')
      .select('id')
      .where('user_id', '=', userId)
      .where('period_start', '=', '2026-10-01')
      .execute();
    expect(rows).toEqual([]);
  });

  it('the 年間取引報告書 carries the year’s sales, and its tax totals are the ledger’s', async () => {
    t.clock.set(T0);
    const c = await trader(t, { jpy: '10000000' });
    const userId = await userIdOf(t, c);
    let release = pinPrices(t, { '6758': parseUnits('3000')! });
    const p1 = expectOk(await buy(c, { symbol: '6758' })) as { id: string };
    const p2 = expectOk(await buy(c, { symbol: '6758', zhang: '200' })) as { id: string };
    release();
    release = pinPrices(t, { '6758': parseUnits('3600')! });
    expectOk(await sell(c, p1.id));
    release();
    release = pinPrices(t, { '6758': parseUnits('2700')! });
    expectOk(await sell(c, p2.id, { zhang: '100' }));
    release();

    // a dividend on the shares still held, paid in December (as the corporate-actions job records it)
    const [action] = await t.db
      .insertInto('corporate_action')
      .values({
        market: 'jpy',
        symbol: '6758',
        kind: 'dividend',
        ex_date: '2026-11-27',
        record_date: '2026-11-30',
        payment_date: '2026-12-10',
        cash: parseUnits('50')!,
        applied_at: new Date(T0),
        paid_at: new Date(T0),
      })
      .returning('id')
      .execute();
    const gross = parseUnits('5000')!;
    const tax = { national: parseUnits('765')!, local: parseUnits('250')! };
    await t.db
      .insertInto('dividend_entitlement')
      .values({
        action_id: action.id,
        user_id: userId,
        position_id: BigInt(p2.id),
        role: 'holder',
        quantity: 100n,
        gross,
        national_tax: tax.national,
        local_tax: tax.local,
        amount: gross - tax.national - tax.local,
      })
      .execute();

    // New Year's Day: the daily job of 31 December makes the year's report
    t.clock.set(jst('2027-01-01T08:00:00'));
    const run = await reports.runDate('2026-12-31');
    expect(run.annual).toBeGreaterThanOrEqual(1);
    // (back to the sessions' time to ask for them)
    t.clock.set(T0);
    const annual = (await list(c, { kind: 'annual' })).list;
    expect(annual.map((r) => [r.start, r.end])).toEqual([['2026-01-01', '2026-12-31']]);
    // the quarter's statement came with it
    expect((await list(c, { kind: 'balance' })).list.map((r) => [r.start, r.end])).toEqual([
      ['2026-10-01', '2026-12-31'],
    ]);

    // the ledger's own figures: what moved between the user and the platform's tax_withheld account
    const moved = await t.db
      .selectFrom('ledger_transfer as tr')
      .innerJoin('ledger_account as d', 'd.id', 'tr.debit_account')
      .innerJoin('ledger_account as k', 'k.id', 'tr.credit_account')
      .select([
        'tr.code',
        'tr.amount',
        'k.kind as credit_kind',
        'd.owner as debit_owner',
        'k.owner as credit_owner',
      ])
      .where((e) =>
        e.or([
          e.and([e('d.owner', '=', userId), e('k.kind', '=', 'tax_withheld')]),
          e.and([e('k.owner', '=', userId), e('d.kind', '=', 'tax_withheld')]),
        ]),
      )
      .execute();
    const ledger = { national: 0n, local: 0n };
    for (const m of moved) {
      const signed = m.credit_kind === 'tax_withheld' ? m.amount : -m.amount;
      if (m.code === 'tax_national') ledger.national += signed;
      else if (m.code === 'tax_local') ledger.local += signed;
    }
    expect(ledger.national > 0n).toBe(true);
    const events = await t.db.selectFrom('tax_event').selectAll().where('user_id', '=', userId).execute();
    expect(events).toHaveLength(2);
    const sum = (k: 'proceeds' | 'cost' | 'gain' | 'national' | 'local') =>
      events.reduce((s, e) => s + e[k], 0n);

    const figures = await reports.annualFigures(userId, 2026);
    expect(figures.ledger).toEqual(ledger);
    expect(figures.taxable).toEqual({
      proceeds: sum('proceeds'),
      cost: sum('cost'),
      gain: sum('gain'),
      national: ledger.national,
      local: ledger.local,
    });

    expect(figures.dividendTotals.get('jpy')).toEqual({
      gross,
      foreign: 0n,
      national: tax.national,
      local: tax.local,
      net: gross - tax.national - tax.local,
    });

    const text = pdfText((await download(c, annual[0].id)).rawPayload);
    expect(text).toContain('年間取引報告書');
    expect(text).toMatch(/円\s+5,000\s+0\s+765\s+250\s+3,985/);
    const figure = (label: string) => {
      const m = new RegExp(`${label.replace(/[()（）]/g, '.')}\\s+(-?[\\d,]+)`).exec(text);
      if (!m) throw new Error(`${label} not in the report:\n${text}`);
      return m[1];
    };
    expect(figure('譲渡の対価の額（収入金額）')).toBe(amount(sum('proceeds')));
    expect(figure('取得費及び譲渡費用の額等')).toBe(amount(sum('cost')));
    expect(figure('差引金額（譲渡所得等の金額）')).toBe(amount(sum('gain')));
    expect(figure('源泉徴収税額（所得税）')).toBe(amount(sum('national')));
    expect(figure('源泉徴収税額（住民税）')).toBe(amount(sum('local')));
    expect(figure('所得税額（復興特別所得税を含む）')).toBe(amount(ledger.national));
    expect(figure('住民税額')).toBe(amount(ledger.local));
    expect(figure('源泉徴収税額の合計')).toBe(amount(ledger.national + ledger.local));
    expect(sum('local')).toBe(ledger.local);
  });
});
