import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  fundUser,
  readyUser,
  type Session,
  T0,
  type TestApp,
} from './support/app.ts';
import { available, expectLedgerSound, fund, pinPrices, trader } from './support/trading.ts';
import { u } from './support/units.ts';

const unix = (iso: string) => Date.parse(iso) / 1000;

describe.each(API_DB_KINDS)('margin accounts on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  const buy = (s: Session, body: Record<string, unknown>) =>
    t.money('/trade/buy_stock', { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, ...body }, s);
  const account = async (s: Session) =>
    expectOk(await t.call('/user/margin_account', { type: 'jpy' }, { token: s.token }));
  const position = async (s: Session, id: string) =>
    expectOk(await t.call('/trade/stockdetail', { id, type: 'jpy' }, { token: s.token }));
  /** The user's site messages in English, title and content. */
  const notices = async (s: Session) => {
    const rows = await t.db
      .selectFrom('notice')
      .innerJoin('app_user', 'app_user.id', 'notice.user_id')
      .select(['notice.title', 'notice.content'])
      .where('app_user.account', '=', s.account)
      .execute();
    const us = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v).us as string;
    return rows.map((r) => `${us(r.title)}: ${us(r.content)}`).join('\n');
  };
  const round = async () =>
    (await t.app.kabuto.jobs.runOnce()) as unknown as { margin: Record<string, number> };
  const answers = { experience: '1to3', assets: '3mto10m', income: '3mto5m', risks: 1, agreement: 1 };

  /** Applies through the API and has the operator approve it in the review queue. */
  async function approvedUser(cash: string): Promise<Session> {
    const s = await trader(t, { jpy: cash }, { margin: false });
    expectOk(await t.call('/user/margin_apply', answers, { token: s.token }));
    const list = expectOk(await t.admin('/margin/list', { status: 'pending', size: 200 }, op));
    const row = list.list.find((r: { account: string }) => r.account === s.account);
    expectOk(await t.admin('/margin/decide', { id: row.id, approve: true }, op));
    return s;
  }

  it('a cash account trades 1× only: above 1× or short needs a reviewed margin account', async () => {
    const s = await trader(t, { jpy: '1000000' }, { margin: false });
    expect((await account(s)).status).toBe('none');
    expectRefusal(await buy(s, { symbol: '7203', zhang: '100', ganggan: '3' }), 'margin.accountRequired');
    expectRefusal(await buy(s, { symbol: '7203', zhang: '100', buyzd: '2' }), 'margin.accountRequired');
    // 1×: a cash purchase
    const cash = expectOk(await buy(s, { symbol: '7203', zhang: '100', ganggan: '1' }));
    expect((await position(s, cash.id)).ganggang).toBe('1');
    // suitability refusals, each with its translated key
    const refused = (body: Record<string, unknown>) =>
      t.call('/user/margin_apply', { ...answers, ...body }, { token: s.token });
    expectRefusal(await refused({ experience: 'none' }), 'margin.noExperience');
    expectRefusal(await refused({ assets: 'under500k' }), 'margin.assetsTooLow');
    expectRefusal(await refused({ agreement: 0 }), 'margin.agreementRequired');
    expectRefusal(await refused({ risks: 0 }), 'margin.risksNotUnderstood');
    expectOk(await t.call('/user/margin_apply', answers, { token: s.token }));
    expectRefusal(await t.call('/user/margin_apply', answers, { token: s.token }), 'margin.pendingReview');
    expect((await account(s)).status).toBe('pending');
    expectRefusal(await buy(s, { symbol: '7203', zhang: '100', ganggan: '2' }), 'margin.pendingReview');
    // rejected with a reason (audited), then approved on a second application
    const pending = expectOk(await t.admin('/margin/list', { status: 'pending', size: 200 }, op));
    const row = pending.list.find((r: { account: string }) => r.account === s.account);
    expect(row).toMatchObject({ experience: '1to3', assets: '3mto10m', risks_understood: true });
    expectRefusal(
      await t.admin('/margin/decide', { id: row.id, approve: false }, op),
      'admin.reasonRequired',
    );
    expectOk(await t.admin('/margin/decide', { id: row.id, approve: false, reason: '書類不備' }, op));
    expectRefusal(
      await t.admin('/margin/decide', { id: row.id, approve: true }, op),
      'review.alreadyDecided',
    );
    expect(await account(s)).toMatchObject({ status: 'rejected', reason: '書類不備' });
    expectOk(await t.call('/user/margin_apply', answers, { token: s.token }));
    const again = expectOk(await t.admin('/margin/list', { status: 'pending', size: 200 }, op));
    const row2 = again.list.find((r: { account: string }) => r.account === s.account);
    expectOk(await t.admin('/margin/decide', { id: row2.id, approve: true }, op));
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', 'in', [`margin:${row.id}`, `margin:${row2.id}`])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['margin.approve', 'margin.reject']);
    expect((await account(s)).status).toBe('approved');
    expectOk(await buy(s, { symbol: '7203', zhang: '100', ganggan: '3' }));
    // the legal cap still holds: 4× is not on the list whatever the account
    expectRefusal(await buy(s, { symbol: '7203', zhang: '100', ganggan: '4' }), 'trade.leverageNotAllowed');
  });

  it('refuses a margin position below the minimum collateral (¥300,000)', async () => {
    const s = await approvedUser('200000');
    release = pinPrices(t, { '7203': u('1000') });
    expectRefusal(
      await buy(s, { symbol: '7203', zhang: '100', ganggan: '2' }),
      'margin.belowMinimumCollateral',
    );
    expectOk(await buy(s, { symbol: '7203', zhang: '100', ganggan: '1' }));
  });

  it('collateral counts the margin of margin positions, not 1× holdings; orders placed together are refused one by one', async () => {
    const s = await approvedUser('400000');
    release = pinPrices(t, { '7203': u('1000') });
    // 2× 200 shares hold 100,000 of margin: the cash left is below ¥300,000, the collateral is not
    expectOk(await buy(s, { symbol: '7203', zhang: '200', ganggan: '2' }));
    expectOk(await buy(s, { symbol: '7203', zhang: '100', ganggan: '2' }));
    // a cash purchase of 200,000: its holding is not collateral (about 50,000 cash + 150,000 margin)
    expectOk(await buy(s, { symbol: '7203', zhang: '200', ganggan: '1' }));
    // at the same time (the orders share a batch when they arrive together): each refusal is its own
    const cashOnly = await trader(t, { jpy: '1000000' }, { margin: false });
    const rich = await approvedUser('1000000');
    const [low, none, ok, cash] = await Promise.all([
      buy(s, { symbol: '7203', zhang: '100', ganggan: '2' }),
      buy(cashOnly, { symbol: '7203', zhang: '100', ganggan: '2' }),
      buy(rich, { symbol: '7203', zhang: '100', ganggan: '3' }),
      buy(cashOnly, { symbol: '6758', zhang: '100', ganggan: '1' }),
    ]);
    expectRefusal(low, 'margin.belowMinimumCollateral');
    expectRefusal(none, 'margin.accountRequired');
    expectOk(ok);
    expectOk(cash);
  });

  it('never touches a 1× holding, even after an 80% fall', async () => {
    const s = await approvedUser('1000000');
    release = pinPrices(t, { '8306': u('2000') });
    const cash = expectOk(await buy(s, { symbol: '8306', zhang: '400', ganggan: '1' }));
    release();
    release = pinPrices(t, { '8306': u('400') });
    t.clock.set(Date.parse('2026-11-24T13:00:00+09:00'));
    await round();
    expect((await position(s, cash.id)).status).toBe(0);
    expect((await account(s)).calls).toEqual([]);
  });

  it('a 3× long below 20% gets a call for the gap with a deadline; a deposit meets it', async () => {
    const s = await approvedUser('1000000');
    release = pinPrices(t, { '7203': u('2400') });
    const order = expectOk(await buy(s, { symbol: '7203', zhang: '1000', ganggan: '3' }));
    expect((await account(s)).books[0]).toMatchObject({ ratio: '41.66', collateral: '1000000.0000' });
    await round();
    expect((await account(s)).calls).toEqual([]);
    // 25% down: (1,000,000 − 600,000) / 2,400,000 = 16.66%, the call is 480,000 − 400,000 = 80,000
    release();
    release = pinPrices(t, { '7203': u('1800') });
    expect((await round()).margin.calls).toBeGreaterThanOrEqual(1);
    const a = await account(s);
    expect(a.calls).toHaveLength(1);
    expect(a.calls[0]).toMatchObject({
      type: 'jpy',
      amount: '80000.0000',
      ratio: '16.66',
      status: 'open',
      deadline: unix('2026-11-26T12:00:00+09:00'),
    });
    // a second round issues no second call; new margin positions wait for the call
    await round();
    expect((await account(s)).calls).toHaveLength(1);
    expectRefusal(await buy(s, { symbol: '6758', zhang: '100', ganggan: '2' }), 'margin.callOpen');
    expect(await notices(s)).toContain('Deposit 80000 JPY');
    const calls = expectOk(await t.admin('/margin/calls', { status: 'open' }, op));
    expect(calls.list.some((c: { account: string }) => c.account === s.account)).toBe(true);
    // the deposit of the amount meets it
    await fund(t, s, 'jpy', '80000');
    await round();
    expect((await account(s)).calls[0]).toMatchObject({ status: 'met' });
    expect((await position(s, order.id)).status).toBe(0);
  });

  it('an unmet call is force-closed at its deadline, largest loss first, until the ratio is back', async () => {
    const s = await approvedUser('1000000');
    release = pinPrices(t, { '6758': u('1500'), '6501': u('900') });
    const big = expectOk(await buy(s, { symbol: '6758', zhang: '1000', ganggan: '3' }));
    const small = expectOk(await buy(s, { symbol: '6501', zhang: '1000', ganggan: '3' }));
    release();
    // losses 450,000 and 80,000: (1,000,000 − 530,000) / 2,400,000 = 19.58%
    release = pinPrices(t, { '6758': u('1050'), '6501': u('820') });
    await round();
    const call = (await account(s)).calls[0];
    expect(call).toMatchObject({ amount: '10000.0000', ratio: '19.58', status: 'open' });
    // the day before the deadline nothing is closed
    t.clock.set(Date.parse('2026-11-25T14:00:00+09:00'));
    await round();
    expect((await position(s, big.id)).status).toBe(0);
    // at the deadline (the afternoon session of the second trading day): the largest loss goes first,
    // and that is enough: 470,000 / 900,000 = 52.2%
    t.clock.set(Date.parse('2026-11-26T13:00:00+09:00'));
    expect((await round()).margin.closed).toBeGreaterThanOrEqual(1);
    const closed = await position(s, big.id);
    expect(closed).toMatchObject({ status: 1, close_reason: 'forced' });
    expect((await position(s, small.id)).status).toBe(0);
    const a = await account(s);
    expect(a.calls[0]).toMatchObject({ status: 'closed' });
    // the close charged the interest of the two days held (24th, 25th) on the ¥1,000,000 lent:
    // ¥153, so (470,000 − 153) / 900,000 = 52.20%
    expect(a.books[0].ratio).toBe('52.20');
  });

  it('below the emergency floor (10%) the close comes at once', async () => {
    const s = await approvedUser('1000000');
    release = pinPrices(t, { '6098': u('2400') });
    const order = expectOk(await buy(s, { symbol: '6098', zhang: '1000', ganggan: '3' }));
    release();
    // loss 850,000: 150,000 / 2,400,000 = 6.25%
    release = pinPrices(t, { '6098': u('1550') });
    expect((await round()).margin.closed).toBeGreaterThanOrEqual(1);
    expect(await position(s, order.id)).toMatchObject({ status: 1, close_reason: 'forced' });
    expect(await notices(s)).toContain('force-closed at once');
    expect((await account(s)).books).toEqual([]);
  });

  it('a loss beyond the collateral leaves a shortfall: it blocks withdrawals and orders, the next deposit repays it', async () => {
    const s = await readyUser(t, { realname: '森 健太', opToken: op });
    await fund(t, s, 'jpy', '1000000');
    expectOk(await t.call('/user/margin_apply', answers, { token: s.token }));
    const list = expectOk(await t.admin('/margin/list', { status: 'pending', size: 200 }, op));
    const row = list.list.find((r: { account: string }) => r.account === s.account);
    expectOk(await t.admin('/margin/decide', { id: row.id, approve: true }, op));
    release = pinPrices(t, { '4063': u('2400') });
    const order = expectOk(await buy(s, { symbol: '4063', zhang: '1000', ganggan: '3' }));
    release();
    // a gap to 1,300: the loss of 1,100,000 is 100,000 more than the 1,000,000 of collateral
    release = pinPrices(t, { '4063': u('1300') });
    await round();
    expect(await position(s, order.id)).toMatchObject({ status: 1, close_reason: 'forced' });
    expect(await available(t, s)).toBe('0.0000');
    const owed = await t.db
      .selectFrom('ledger_account as a')
      .innerJoin('app_user as u', 'u.id', 'a.owner')
      .select(['a.debits_posted', 'a.credits_posted'])
      .where('u.account', '=', s.account)
      .where('a.kind', '=', 'shortfall')
      .executeTakeFirstOrThrow();
    expect(owed.debits_posted - owed.credits_posted).toBe(u('100000'));
    expectRefusal(
      await t.money('/user/withdrawal', { money: '5000', bankid: s.cardId, passwords: '112233' }, s),
      'margin.shortfallOwed',
    );
    expectRefusal(await buy(s, { symbol: '7203', zhang: '100', ganggan: '1' }), 'margin.shortfallOwed');
    await expectLedgerSound(t);
    // the next deposit repays it first: 150,000 in, 100,000 to the shortfall, 50,000 available
    await fundUser(t, s, '150000', 'jpy', op);
    expect(await available(t, s)).toBe('50000.0000');
    const after = await t.db
      .selectFrom('ledger_account as a')
      .innerJoin('app_user as u', 'u.id', 'a.owner')
      .select(['a.debits_posted', 'a.credits_posted'])
      .where('u.account', '=', s.account)
      .where('a.kind', '=', 'shortfall')
      .executeTakeFirstOrThrow();
    expect(after.debits_posted - after.credits_posted).toBe(0n);
    const records = expectOk(
      await t.call('/user/capitalloglist', { type: 'jpy', page: 1, size: 5 }, { token: s.token }),
    );
    expect(JSON.stringify(records)).toContain('"memo":"shortfall"');
  });
});
