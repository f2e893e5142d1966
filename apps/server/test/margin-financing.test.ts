import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { financingDays } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import { describe, expect, it } from 'vitest';
import { financingService } from '../src/modules/margin/financing.service.ts';
import { orderGate } from '../src/modules/margin/margin.repo.ts';
import { shortfallOwed } from '../src/shared/shortfall.ts';
import { expectOk, expectRefusal, processDeps, type Session, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { pinPrices, trader, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

const jst = (iso: string) => Date.parse(`${iso}+09:00`);
const YEN = 10_000n;
/** Whole yen of `base` (yen) at `rate` percent a year over `days`: actual/365, rounded down once. */
const actual365 = (baseYen: bigint, ratePct100: bigint, days: number) =>
  ((baseYen * YEN * ratePct100 * 100n * BigInt(days)) / (1_000_000n * 365n) / YEN) * YEN;

describe.each(TEST_DB_KINDS)('margin costs on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let release: (() => void) | null = null;
  productSuite(
    kind,
    (s) => {
      ({ t, op } = s);
    },
    {
      afterEach: () => {
        release?.();
        release = null;
      },
    },
  );

  /** A second, independent copy of the service on the same database: a second process's job. */
  const service = () =>
    financingService({
      ...processDeps(t),
    });
  /** The daily job's key of the yen market now, run by two processes, twice. */
  async function dailyTwice() {
    const one = service();
    const two = service();
    const key = one.daily.keys(t.clock.now()).find((k) => k.startsWith('jpy:')) as string;
    await one.daily.run(key);
    await two.daily.run(key);
    await one.daily.run(key);
    return key;
  }
  const open = async (s: Session, body: Record<string, unknown>) =>
    expectOk(
      await t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, ...body }, s),
    ) as { id: string };
  const detail = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
  const book = async (s: Session) =>
    expectOk(await t.call('/user/margin_account', { type: 'jpy' }, { token: s.token })).books[0];
  const days = (id: string) =>
    t.db
      .selectFrom('margin_financing')
      .selectAll()
      .where('position_id', '=', BigInt(id))
      .orderBy('day')
      .orderBy('kind')
      .execute();
  const records = async (s: Session, type: string) =>
    t.db
      .selectFrom('fund_record')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, s))
      .where('type', '=', type)
      .execute();

  it('a margin long accrues interest on what is lent per calendar day, once however often the job runs, and is charged once at the close', async () => {
    const s = await trader(t, { jpy: '1500000' });
    release = pinPrices(t, { '7203': u('2400') });
    // 3×: ¥2,400,000 contract value, ¥800,000 margin, ¥1,600,000 lent
    const long = await open(s, { symbol: '7203', zhang: '1000', ganggan: '3' });
    const cash = await open(s, { symbol: '7203', zhang: '100', ganggan: '1' });
    const before = await book(s);
    expect(before.financing).toBe('0.0000');
    // the job is one of the daily jobs of the durable queue
    expect(t.app.kabuto.durable.queue.isDaily('financing')).toBe(true);

    // Tuesday after the close: the 24th accrues; Friday after the close: the 25th to the 27th
    t.clock.set(jst('2026-11-24T16:00:00'));
    expect(await dailyTwice()).toBe('jpy:2026-11-24');
    expect((await days(long.id)).map((r) => r.day)).toEqual(['2026-11-24']);
    t.clock.set(jst('2026-11-27T16:00:00'));
    await dailyTwice();
    const rows = await days(long.id);
    expect(rows.map((r) => r.day)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    for (const r of rows)
      expect(r).toMatchObject({ kind: 'margin_interest', base: 1_600_000n * YEN, rate: 28_000n });
    // a cash position accrues nothing
    expect(await days(cash.id)).toEqual([]);

    // the accrued days, at full precision, on the book (taken off the collateral) and on the position
    const exact4 = (1_600_000n * YEN * 28_000n * 4n) / (1_000_000n * 365n);
    const after = await book(s);
    expect(u(after.financing)).toBe(exact4);
    expect(u(before.collateral) - u(after.collateral)).toBe(exact4);
    // the order gate counts the collateral as the book does: less the costs accrued
    const [gate] = await orderGate(t.db, [{ userId: await userIdOf(t, s), market: 'jpy' }]);
    expect(gate.collateral).toBe(u(after.collateral));
    expect(u((await detail(s, long.id)).financing)).toBe(exact4);
    expect((await detail(s, long.id)).term_end).toBe('2027-05-24');
    expect(await detail(s, cash.id)).toMatchObject({ financing: '0.0000', term_end: '' });
    expect(await records(s, 'margin_interest')).toEqual([]);

    // closed on Monday: Saturday and Sunday accrue at the close; six days charged once, rounded once
    t.clock.set(jst('2026-11-30T10:00:00'));
    expectOk(await t.money('/trade/sell_stock', { id: long.id, type: 'jpy' }, s));
    const charged = actual365(1_600_000n, 280n, 6);
    expect(charged).toBe(736n * YEN);
    const paid = await records(s, 'margin_interest');
    expect(paid.map((r) => r.amount)).toEqual([-charged]);
    expect(paid[0]).toMatchObject({ stock_code: '7203' });
    const posted = await days(long.id);
    expect(posted).toHaveLength(6);
    expect(posted.every((r) => r.posted_at !== null && r.posted_transfer === paid[0].transfer_id)).toBe(true);
    const transfer = await t.db
      .selectFrom('ledger_transfer')
      .select(['code', 'amount'])
      .where('id', '=', paid[0].transfer_id)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ code: 'margin_interest', amount: charged });
    const closed = await detail(s, long.id);
    expect(u(closed.financing)).toBe(charged);
    // the realised P&L counts it (no price move: the fees and the interest)
    expect(u(closed.sell_price)).toBe(2400n * YEN);
    // for tax the interest is an expense of the sale: the cost is the purchase and its fee plus it
    const event = await t.db
      .selectFrom('tax_event')
      .innerJoin('position', 'position.id', 'tax_event.position_id')
      .select([
        'tax_event.cost',
        'tax_event.proceeds',
        'tax_event.gain',
        'position.buy_fee',
        'position.sell_fee',
      ])
      .where('position.order_no', '=', closed.order_no)
      .executeTakeFirstOrThrow();
    expect(event.cost).toBe(2_400_000n * YEN + event.buy_fee + charged);
    expect(event.gain).toBe(event.proceeds - event.cost);

    // the jobs run again after the close: nothing more accrues or is charged
    await dailyTwice();
    t.clock.set(jst('2026-11-30T16:00:00'));
    await dailyTwice();
    expect(await days(long.id)).toHaveLength(6);
    expect(await records(s, 'margin_interest')).toHaveLength(1);
    // no margin position left: no book
    expect(expectOk(await t.call('/user/margin_account', { type: 'jpy' }, { token: s.token })).books).toEqual(
      [],
    );

    // the records screen reads it in every language
    for (const [lang, word] of [
      ['us', 'Margin interest'],
      ['jp', '買方金利'],
      ['cn', '融资利息'],
    ]) {
      const list = expectOk(await t.call('/user/capitalloglist', { type: 'jpy', lang }, { token: s.token }));
      expect(JSON.stringify(list)).toContain(word);
    }
  });

  it('what cash cannot pay of the costs is the user’s shortfall, as the loss beyond it is', async () => {
    const s = await trader(t, { jpy: '1000000' });
    release = pinPrices(t, { '7203': u('2400') });
    // 3×: ¥1,600,000 lent; ¥200,000 of cash left
    const long = await open(s, { symbol: '7203', zhang: '1000', ganggan: '3' });
    release();
    // ¥1,100,000 lost: ¥100,000 beyond the collateral
    release = pinPrices(t, { '7203': u('1300') });
    t.clock.set(jst('2026-11-27T10:00:00'));
    expectOk(await t.money('/trade/sell_stock', { id: long.id, type: 'jpy' }, s));
    const interest = actual365(1_600_000n, 280n, 3);
    expect(interest).toBe(368n * YEN);
    // nothing of it from cash (none left): no cash line, all of it owed
    expect(await records(s, 'margin_interest')).toEqual([]);
    expect(await shortfallOwed(t.db, await userIdOf(t, s), 'jpy')).toBe(100_000n * YEN + interest);
    const charged = await t.db
      .selectFrom('ledger_transfer')
      .select(['amount'])
      .where('code', '=', 'margin_interest')
      .where('operation_ref', '=', `position:${(await detail(s, long.id)).order_no}`)
      .execute();
    expect(charged.map((r) => r.amount)).toEqual([interest]);
    expect(u((await detail(s, long.id)).financing)).toBe(interest);
  });

  it('a partial close takes its share of the accrued days; the rest is charged with the holding', async () => {
    const s = await trader(t, { jpy: '2000000' });
    release = pinPrices(t, { '6758': u('3000') });
    // 2×: ¥3,000,000 value, ¥1,500,000 lent
    const long = await open(s, { symbol: '6758', zhang: '1000', ganggan: '2' });
    t.clock.set(jst('2026-11-26T16:00:00'));
    await dailyTwice();
    expect(await days(long.id)).toHaveLength(3);
    t.clock.set(jst('2026-11-27T10:00:00'));
    const part = expectOk(await t.money('/trade/sell_stock', { id: long.id, type: 'jpy', zhang: '400' }, s));
    const charged = await records(s, 'margin_interest');
    // 40% of ¥1,500,000 for the three days
    expect(charged.map((r) => r.amount)).toEqual([-actual365(600_000n, 280n, 3)]);
    expect(part.id).not.toBe(long.id);
    const rest = await days(long.id);
    expect(rest.every((r) => r.base === 900_000n * YEN && r.posted_at === null)).toBe(true);
    // a run that accrued the close's own day (the key of a day whose close has not come) does not make
    // the close pay for it: the day is not held at its end
    t.clock.set(jst('2026-11-30T10:00:00'));
    await service().daily.run('jpy:2026-11-30');
    expect((await days(long.id)).map((r) => r.day)).toContain('2026-11-30');
    expectOk(await t.money('/trade/sell_stock', { id: long.id, type: 'jpy' }, s));
    expect((await days(long.id)).map((r) => r.day)).not.toContain('2026-11-30');
    expect((await records(s, 'margin_interest')).map((r) => r.amount)).toEqual([
      -actual365(600_000n, 280n, 3),
      -actual365(900_000n, 280n, 6),
    ]);
  });

  it('a short pays the lending fee on its value and the 逆日歩 the operator set on the stock, audited', async () => {
    const s = await trader(t, { jpy: '3000000' });
    // at the previous close, whole yen (the short-sale price rule does not bite)
    const pre = (t.app.kabuto.market as MarketDataProvider).quote('8306')?.preClose as bigint;
    const price = pre - (pre % YEN);
    const priceYen = price / YEN;
    release = pinPrices(t, { '8306': price });
    expectRefusal(
      await t.admin('/margin/setPremium', { symbol: 'NOPE', premium: '0.05', reason: '品貸' }, op),
      'trade.unknownSymbol',
    );
    expectRefusal(
      await t.admin('/margin/setPremium', { symbol: '8306', premium: '0.05' }, op),
      'validation.required',
    );
    expectRefusal(
      await t.admin('/margin/setPremium', { symbol: '8306', premium: '-1', reason: 'x' }, op),
      'validation.invalid',
    );
    expectOk(
      await t.admin('/margin/setPremium', { symbol: '8306', premium: '0.05', reason: '品貸料の発生' }, op),
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'detail'])
      .where('target', '=', 'instrument:8306')
      .where('action', '=', 'margin.premium')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].reason).toBe('品貸料の発生');
    const listed = expectOk(await t.admin('/margin/premiums', {}, op));
    expect(listed.premiums).toEqual([{ symbol: '8306', market: 'jpy', premium: '0.0500' }]);
    expect(listed.rates.find((r: { market: string }) => r.market === 'jpy')).toEqual({
      market: 'jpy',
      interest: '2.80',
      short_fee: '1.10',
    });

    // short 1,000 (2×): the short value is 1,000 × the price
    const short = await open(s, { symbol: '8306', zhang: '1000', ganggan: '2', buyzd: 2 });
    t.clock.set(jst('2026-11-25T16:00:00'));
    await dailyTwice();
    const rows = await days(short.id);
    expect(rows.map((r) => `${r.day} ${r.kind} ${r.base} ${r.rate}`)).toEqual([
      `2026-11-24 short_fee ${price * 1000n} 11000`,
      '2026-11-24 short_premium 1000 500',
      `2026-11-25 short_fee ${price * 1000n} 11000`,
      '2026-11-25 short_premium 1000 500',
    ]);
    // the premium comes off the book with the fee
    const exactFee = (price * 1000n * 11_000n * 2n) / (1_000_000n * 365n);
    expect(u((await book(s)).financing)).toBe(exactFee + 1000n * 500n * 2n);

    // closed on Thursday: the 24th and 25th charged, each cost once, rounded once
    t.clock.set(jst('2026-11-26T10:00:00'));
    expectOk(await t.money('/trade/sell_stock', { id: short.id, type: 'jpy' }, s));
    expect((await records(s, 'short_fee')).map((r) => r.amount)).toEqual([
      -actual365(priceYen * 1000n, 110n, 2),
    ]);
    expect((await records(s, 'short_premium')).map((r) => r.amount)).toEqual([-100n * YEN]);
    expect(u((await detail(s, short.id)).financing)).toBe(actual365(priceYen * 1000n, 110n, 2) + 100n * YEN);

    // removed (the operator signs in again: the clock has moved past the session)
    op = await t.adminLogin();
    expectOk(await t.admin('/margin/setPremium', { symbol: '8306', premium: '', reason: '解消' }, op));
    expect(expectOk(await t.admin('/margin/premiums', {}, op)).premiums).toEqual([]);
  });

  it('the rates are the operator’s per market (audited): a change applies from the next day accrued', async () => {
    const setting = (interest: string) =>
      JSON.stringify({
        interest: { jpy: interest, usd: '2.80', cny: '2.80', krw: '2.80' },
        short_fee: { jpy: '1.10', usd: '1.10', cny: '1.10', krw: '1.10' },
        premiums: {},
      });
    const s = await trader(t, { jpy: '1000000' });
    release = pinPrices(t, { '7203': u('2000') });
    // 2×: ¥1,000,000 lent
    const long = await open(s, { symbol: '7203', zhang: '1000', ganggan: '2' });
    t.clock.set(jst('2026-11-24T16:00:00'));
    await dailyTwice();
    op = await t.adminLogin();
    expectOk(
      await t.admin(
        '/config/set',
        { name: 'margin_financing', value: setting('3.65'), reason: '金利改定' },
        op,
      ),
    );
    const audited = await t.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'config.set')
      .where('reason', '=', '金利改定')
      .execute();
    expect(audited).toHaveLength(1);
    t.clock.set(jst('2026-11-25T16:00:00'));
    await dailyTwice();
    expect((await days(long.id)).map((r) => `${r.day} ${r.rate}`)).toEqual([
      '2026-11-24 28000',
      '2026-11-25 36500',
    ]);
    // at 3.65% a day of ¥1,000,000 is exactly ¥100
    const exact = (1_000_000n * YEN * 28_000n) / (1_000_000n * 365n) + 100n * YEN;
    expect(u((await book(s)).financing)).toBe(exact);
    op = await t.adminLogin();
    expectOk(
      await t.admin('/config/set', { name: 'margin_financing', value: setting('2.80'), reason: '戻す' }, op),
    );
  });

  it('a margin position still open on the last day of its 6-month term is closed that day; a cash position is not', async () => {
    const s = await trader(t, { jpy: '2000000' });
    release = pinPrices(t, { '9432': u('150') });
    // opened Tuesday 2026-11-24: the term ends Monday 2027-05-24
    const margin = await open(s, { symbol: '9432', zhang: '10000', ganggan: '2' });
    const cash = await open(s, { symbol: '9432', zhang: '1000', ganggan: '1' });
    expect((await detail(s, margin.id)).term_end).toBe('2027-05-24');
    const round = () => t.app.kabuto.jobs.runOnce();
    // the sessions have expired by then: the rows read from the database
    const row = (id: string) =>
      t.db
        .selectFrom('position')
        .select(['status', 'close_reason', 'pnl'])
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow();
    t.clock.set(jst('2027-05-21T10:00:00'));
    await round();
    expect((await row(margin.id)).status).toBe(0);
    t.clock.set(jst('2027-05-24T10:00:00'));
    await round();
    expect(await row(margin.id)).toMatchObject({ status: 1, close_reason: 'forced' });
    expect((await row(cash.id)).status).toBe(0);
    // every day held up to the term's last day charged, once: ¥750,000 lent for 181 days
    const held = financingDays('2026-11-24', '2027-05-23', null).length;
    expect(held).toBe(181);
    expect((await records(s, 'margin_interest')).map((r) => r.amount)).toEqual([
      -actual365(750_000n, 280n, held),
    ]);
    const notice = await t.db
      .selectFrom('notice')
      .select('title')
      .where('user_id', '=', await userIdOf(t, s))
      .execute();
    expect(JSON.stringify(notice)).toContain('Margin position closed at its term');
    // the next rounds leave the cash position alone
    t.clock.set(jst('2027-05-25T10:00:00'));
    await round();
    expect((await row(cash.id)).status).toBe(0);
  });
});
