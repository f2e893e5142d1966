import { assetsApi, supportApi } from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { FX_RATE_DECIMALS, formatUnits, toYen } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { expectOk, expectRefusal, readyUser, type Session, T0, type TestApp } from './support/app.ts';
import { productSuite } from './support/suite.ts';
import { fund, pinPrices, trader } from './support/trading.ts';
import { u } from './support/units.ts';

describe.each(API_DB_KINDS)('total assets in yen and support on %s', (kind) => {
  let t: TestApp;
  let op: string;
  let release: (() => void) | null = null;
  productSuite(kind, (s) => ({ t, op } = s), {
    afterEach: () => {
      release?.();
      release = null;
    },
  });

  const summary = async (s: Session) =>
    expectOk(await t.call(assetsApi.summary.path, {}, { token: s.token }));
  /** The yen market's frozen as /user/getUserinfo gives it: the same definition as the summary's. */
  const infoFrozen = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token })).frozen;

  it('sums every wallet at the mid rate: an exchange costs only its spread', async () => {
    const s = await trader(t, { jpy: '200000', usd: '100' });
    const before = await summary(s);
    expect(before).toMatchObject({ currency: 'jpy', cash: before.total, frozen: '0.0000', pnl: '0.0000' });
    const usd = before.wallets.find((w: { currency: string }) => w.currency === 'usd');
    expect(u(before.total)).toBe(u('200000') + u(usd.total_jpy));
    expect(usd).toMatchObject({ available: '100.0000', total: '100.0000' });
    const x = expectOk(await t.money('/user/rotation', { money: '50000', from: 'jpy', to: 'usd' }, s));
    const after = await summary(s);
    const lost = u(before.total) - u(after.total);
    // the spread (0.30 % of ¥50,000 = ¥150) and the rounding down of the cents bought, nothing else
    expect(lost >= u('150')).toBe(true);
    expect(lost <= u('150') + u('2')).toBe(true);
    expect(after.spread).toBe(x.spread);
    // getUserinfo's per-market figures are unchanged: the yen wallet's total fell by ¥50,000
    const info = expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
    expect(info.total_assets).toBe('150000.0000');
  });

  it('includes frozen money, the margin and the unrealised P&L of open positions', async () => {
    const s = await trader(t, { jpy: '1000000' });
    const order = expectOk(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 2, symbol: '7203', zhang: '100' },
        s,
      ),
    );
    const pos = expectOk(
      await t.call('/trade/stockdetail', { id: order.id, type: 'jpy' }, { token: s.token }),
    );
    release = pinPrices(t, { '7203': u(pos.buy_price) + u('50') });
    const a = await summary(s);
    expect(a.positions).toBe(1);
    expect(u(a.margin)).toBe(u(pos.credit));
    expect(a.pnl).toBe('5000.0000');
    expect(u(a.total)).toBe(u('1000000') - u(pos.buy_fee) + u('5000'));
    expect(u(a.frozen)).toBe(u(a.reserved) + u(a.margin) + u(a.stake));
    expect(u(a.total)).toBe(u(a.cash) + u(a.frozen) + u(a.pnl));
    expect(a.net).toBe(a.total);
    // one frozen: the summary's, its yen wallet's and the user info's are the same figure
    expect(a.wallets.find((w: { currency: string }) => w.currency === 'jpy')?.frozen).toBe(a.frozen);
    expect(await infoFrozen(s)).toBe(a.frozen);
    // a pending limit order's hold counts as frozen, and the total does not move
    expectOk(
      await t.money(
        '/trade/buy_stock',
        {
          type: 'jpy',
          buyzd: 1,
          gdlx: 2,
          ganggan: 1,
          symbol: '7203',
          zhang: '100',
          buy_price: formatUnits(u(pos.buy_price) - u('100')),
        },
        s,
      ),
    );
    const b = await summary(s);
    expect(u(b.reserved) > 0n).toBe(true);
    expect(u(b.frozen)).toBe(u(a.frozen) + u(b.reserved));
    expect(await infoFrozen(s)).toBe(b.frozen);
    expect(b.total).toBe(a.total);
    await fund(t, s, 'krw', '1000');
    expect(u((await summary(s)).total) > u(b.total)).toBe(true);
  });

  it('counts a copy-trade stake as frozen (its stake part); the total stays', async () => {
    const s = await trader(t, { jpy: '500000' });
    const iso = (ms: number) => new Date(ms).toISOString();
    const p = expectOk(
      await t.admin(
        '/product/create',
        {
          market: 'jpy',
          name_jp: '総資産テスト',
          name_cn: '总资产测试',
          name_us: 'Assets test',
          issuer: 'Test Issuer',
          target_bp: 10,
          minimum: '10000',
          capacity: '1000000',
          lock_days: 3,
          deadline: iso(T0 + 2 * 86_400_000),
          ends: iso(T0 + 30 * 86_400_000),
          constituents: [{ symbol: '7203', weight_bp: 10000 }],
        },
        op,
      ),
    ) as { id: string };
    const before = await summary(s);
    expectOk(
      await t.money('/trade/buy_product', { type: 'jpy', id: p.id, money: '100000', password: '112233' }, s),
    );
    const after = await summary(s);
    expect(after.stake).toBe('100000.0000');
    expect(u(after.frozen)).toBe(u(before.frozen) + u('100000'));
    expect(await infoFrozen(s)).toBe(after.frozen);
    expect(u(after.cash)).toBe(u(before.cash) - u('100000'));
    expect(after.total).toBe(before.total);
  });

  it('one total with a day-trade line in use, a copy-trade stake, a US position and a pending withdrawal', async () => {
    const s = await readyUser(t, { opToken: op });
    await fund(t, s, 'jpy', '5000000');
    await fund(t, s, 'usd', '100000');
    const pins: Record<string, bigint> = { '7203': u('3000'), AAPL: u('200') };
    release = pinPrices(t, pins);
    const call = (path: string, body: Record<string, unknown>) => t.money(path, body, s);
    // a pending withdrawal (before any position: withdrawals wait while stocks are held)
    expectOk(
      await call('/user/withdrawal', { money: '10000', bankid: s.cardId, passwords: '112233', type: 'jpy' }),
    );
    // a day-trading line of ¥1,000,000, approved and partly used
    const line = expectOk(await call('/trade/rnjy', { money: '1000000', type: 'jpy' }));
    expectOk(await t.admin('/daytrades/decide', { id: line.id, approve: true }, op));
    const day = expectOk(
      await call('/trade/buy_stock', {
        type: 'jpy',
        buyzd: 1,
        gdlx: 1,
        ganggan: 2,
        symbol: '7203',
        zhang: '100',
        dz_type: 3,
      }),
    );
    // a copy-trade stake of ¥100,000
    const iso = (ms: number) => new Date(ms).toISOString();
    const p = expectOk(
      await t.admin(
        '/product/create',
        {
          market: 'jpy',
          name_jp: '一つの総資産',
          name_cn: '同一总资产',
          name_us: 'One total',
          issuer: 'Test Issuer',
          target_bp: 10,
          minimum: '10000',
          capacity: '1000000',
          lock_days: 3,
          deadline: iso(T0 + 2 * 86_400_000),
          ends: iso(T0 + 30 * 86_400_000),
          constituents: [{ symbol: '7203', weight_bp: 10000 }],
        },
        op,
      ),
    ) as { id: string };
    expectOk(
      await call('/trade/buy_product', { type: 'jpy', id: p.id, money: '100000', password: '112233' }),
    );
    // New York's session: 100 AAPL at $200
    t.clock.set(Date.parse('2026-11-24T10:00:00-05:00'));
    const us = expectOk(
      await call('/trade/buy_stock', {
        type: 'usd',
        buyzd: 1,
        gdlx: 1,
        ganggan: 1,
        symbol: 'AAPL',
        zhang: '100',
      }),
    );
    const detail = async (id: string, type: string) =>
      expectOk(await t.call('/trade/stockdetail', { id, type }, { token: s.token }));
    const dayPos = await detail(day.id, 'jpy');
    const usPos = await detail(us.id, 'usd');
    // both move up: +¥50 a share and +$10 a share
    pins['7203'] = u(dayPos.buy_price) + u('50');
    pins.AAPL = u(usPos.buy_price) + u('10');
    const a = await summary(s);
    const usd = a.wallets.find((w: { currency: string }) => w.currency === 'usd');
    const jpy = a.wallets.find((w: { currency: string }) => w.currency === 'jpy');
    // what the user put in, less what was charged, plus what the positions gained, at the mid rate
    const [whole, frac = ''] = (usd.rate as string).split('.');
    const rate = BigInt(whole) * 10n ** BigInt(FX_RATE_DECIMALS) + BigInt(frac.padEnd(FX_RATE_DECIMALS, '0'));
    const paid = (pos: Record<string, string>) => u(pos.buy_fee) + u(pos.stamp_duty);
    const jpyWorth = u('5000000') - paid(dayPos) + u('5000');
    const usdWorth = u('100000') - paid(usPos) + u('1000');
    const expected = jpyWorth + toYen(usdWorth, rate);
    const diff = u(a.total) - expected;
    expect(diff < u('1') && diff > -u('1'), `${a.total} vs ${formatUnits(expected)}`).toBe(true);
    // the breakdown adds up, every part seen: the withdrawal reserved, the line and positions' margin, the stake
    expect(u(a.reserved)).toBe(u('10000'));
    expect(u(a.margin)).toBe(u('1000000') - paid(dayPos) + toYen(u(usPos.credit), rate));
    expect(a.stake).toBe('100000.0000');
    expect(u(a.total)).toBe(u(a.cash) + u(a.frozen) + u(a.pnl));
    expect(a.wallets.reduce((sum: bigint, w: { total_jpy: string }) => sum + u(w.total_jpy), 0n)).toBe(
      u(a.total),
    );
    // a wallet's own figure includes its P&L as its yen figure does
    expect(u(usd.value)).toBe(usdWorth);
    expect(u(jpy.value)).toBe(jpyWorth);
    expect(a.positions).toBe(2);
  });

  it('takes a message for support, the operator replies once, the user gets a site message', async () => {
    const s = await t.newUser('sp');
    const info = expectOk(await t.call(supportApi.info.path, {}, { token: s.token }));
    expect(info.hours).toEqual({ open: '09:00', close: '18:00', weekdays_only: true, open_now: true });
    expect(info.list).toEqual([]);
    expectRefusal(
      await t.call(supportApi.send.path, { body: 'help' }, { token: s.token }),
      'support.tooShort',
    );
    expectRefusal(await t.call(supportApi.send.path, {}, { token: s.token }), 'validation.required');
    const sent = await t.call(
      supportApi.send.path,
      { body: '入金が反映されません。<b>確認</b>お願いします' },
      { token: s.token },
    );
    expect(sent.body.code).toBe('ok.supportSent');
    const { id } = expectOk(sent);
    const inbox = expectOk(await t.admin('/support/list', {}, op));
    expect(inbox.open).toBeGreaterThanOrEqual(1);
    const row = inbox.list.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ account: s.account, status: 'open', reply: '', replied_by: '' });
    expect(expectOk(await t.admin('/queues/counts', {}, op)).support).toBeGreaterThanOrEqual(1);

    t.clock.advance(30 * 60_000);
    expectOk(await t.admin('/support/reply', { id, body: '確認しました。\n反映済みです。' }, op));
    expectRefusal(await t.admin('/support/reply', { id, body: 'again' }, op), 'support.alreadyReplied');
    expectRefusal(await t.admin('/support/reply', { id: '999999999', body: 'x' }, op), 'support.notFound');
    const notices = expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: s.token }));
    expect(notices[0].title).toBe('お問い合わせへの回答');
    // stamped with the server clock
    expect(notices[0].create_time).toBe(Math.floor((T0 + 30 * 60_000) / 1000));
    const n = expectOk(
      await t.call('/user/noticedetail', { id: notices[0].id, lang: 'jp' }, { token: s.token }),
    );
    expect(n.content).toContain('確認しました。<br>反映済みです。');
    expect(n.content).toContain('&lt;b&gt;確認&lt;/b&gt;');
    const mine = expectOk(await t.call(supportApi.info.path, {}, { token: s.token }));
    expect(mine.list[0]).toMatchObject({ id, status: 'replied', reply: '確認しました。\n反映済みです。' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `support:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['support.reply']);
  });

  it('limits how many messages a user sends an hour', async () => {
    const s = await t.newUser('sq');
    for (let i = 0; i < 5; i++)
      expectOk(await t.call(supportApi.send.path, { body: `質問があります ${i}` }, { token: s.token }));
    expectRefusal(
      await t.call(supportApi.send.path, { body: '質問があります 6' }, { token: s.token }),
      'support.tooMany',
    );
    t.clock.advance(61 * 60_000);
    expectOk(await t.call(supportApi.send.path, { body: '質問があります 7' }, { token: s.token }));
  });
});
