import { API_DB_KINDS } from '@kabuto/db/testing';
import type { MarketDataProvider } from '@kabuto/market';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../src/shared/settings.ts';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';
import { expectLedgerSound, pinPrices, trader } from './support/trading.ts';

const YEN = 10_000n;

describe.each(API_DB_KINDS)('the shortable list in the back office on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let reviewer: string;
  let release: (() => void) | null = null;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminLogin();
    for (const [username, role] of [
      ['shortops', 'operator'],
      ['shortrev', 'reviewer'],
    ]) {
      expectOk(
        await t.admin(
          '/operators/save',
          { username, role, password: `secret-${role}-7`, reason: '採用' },
          admin,
        ),
      );
    }
    operator = await t.adminLogin('shortops', 'secret-operator-7');
    reviewer = await t.adminLogin('shortrev', 'secret-reviewer-7');
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
    await expectLedgerSound(t);
  });
  afterAll(async () => t?.close());

  const view = async (market: string, symbol?: string) =>
    expectOk(await t.admin('/margin/shortable', { market, ...(symbol ? { symbol } : {}) }, admin));
  const change = (
    path: 'shortableAdd' | 'shortableRemove',
    body: { market: string; list: string; symbol: string; reason?: string },
    token = admin,
  ) => t.admin(`/margin/${path}`, { reason: '貸借銘柄の見直し', ...body }, token);
  const stored = async () => (await loadSettings(t.db)).trading_margin_list;
  const audited = () =>
    t.db
      .selectFrom('audit_log')
      .select(['target', 'reason', 'detail', 'operator_name'])
      .where('action', '=', 'margin.shortable')
      .orderBy('id')
      .execute();
  /** A short of 100 shares at market, at the previous close (the short-sale price rule does not bite). */
  const short = (s: Session, symbol: string) => {
    const pre = (t.app.kabuto.market as MarketDataProvider).quote(symbol)?.preClose as bigint;
    release?.();
    release = pinPrices(t, { [symbol]: pre - (pre % YEN) });
    return t.money(
      '/trade/buy_stock',
      { type: 'jpy', symbol, zhang: '100', buyzd: 2, gdlx: 1, ganggan: 1 },
      s,
    );
  };

  it('adds a stock to a market’s list and takes it off, audited; the next order reads the change', async () => {
    const s = await trader(t, { jpy: '3000000' });
    // 2702 is on the general tick table: not shortable by default
    expectRefusal(await short(s, '2702'), 'trade.notShortable');
    const before = await view('jpy', '2702');
    expect(before.list).toEqual([]);
    expect(before.ban).toBe(false);
    expect(before.check).toMatchObject({ symbol: '2702', list: null, by_default: false, shortable: false });
    expect(before.check.name).not.toBe('');

    expectOk(await change('shortableAdd', { market: 'jpy', list: 'eligible', symbol: '2702' }));
    expect((await stored()).jpy).toEqual({ eligible: ['2702'], excluded: [] });
    const after = await view('jpy');
    expect(after.list).toEqual([
      { symbol: '2702', name: before.check.name, list: 'eligible', by_default: false, shortable: true },
    ]);
    // no restart: the order check reads the list as changed
    expectOk(await short(s, '2702'));

    // a large cap excluded: shortable by default, not with the list
    expectOk(await change('shortableAdd', { market: 'jpy', list: 'excluded', symbol: '7203' }));
    expect((await view('jpy', '7203')).check).toMatchObject({
      list: 'excluded',
      by_default: true,
      shortable: false,
    });
    expectRefusal(await short(s, '7203'), 'trade.notShortable');

    expectOk(await change('shortableRemove', { market: 'jpy', list: 'excluded', symbol: '7203' }));
    expectOk(await change('shortableRemove', { market: 'jpy', list: 'eligible', symbol: '2702' }));
    expect((await stored()).jpy).toEqual({ eligible: [], excluded: [] });
    expect((await view('jpy')).list).toEqual([]);
    expectRefusal(await short(s, '2702'), 'trade.notShortable');

    expect(await audited()).toEqual([
      {
        target: 'instrument:2702',
        reason: '貸借銘柄の見直し',
        detail: { market: 'jpy', from: '', to: 'eligible' },
        operator_name: 'admin',
      },
      expect.objectContaining({
        target: 'instrument:7203',
        detail: { market: 'jpy', from: '', to: 'excluded' },
      }),
      expect.objectContaining({
        target: 'instrument:7203',
        detail: { market: 'jpy', from: 'excluded', to: '' },
      }),
      expect.objectContaining({
        target: 'instrument:2702',
        detail: { market: 'jpy', from: 'eligible', to: '' },
      }),
    ]);
  });

  it('refuses an unknown stock, another market’s, one already listed and one not listed; a repeat changes nothing', async () => {
    const lines = (await audited()).length;
    expectRefusal(
      await change('shortableAdd', { market: 'cny', list: 'eligible', symbol: 'NOPE' }),
      'trade.unknownSymbol',
    );
    // an index is not a stock of the catalogue
    expectRefusal(
      await change('shortableAdd', { market: 'jpy', list: 'eligible', symbol: 'N225' }),
      'trade.unknownSymbol',
    );
    const wrong = await change('shortableAdd', { market: 'jpy', list: 'eligible', symbol: 'AAPL' });
    expectRefusal(wrong, 'trade.marketMismatch');
    expect(wrong.body.msg).toContain('AAPL');

    // China: added, the stock may be sold short (and bought above 1×)
    expectOk(await change('shortableAdd', { market: 'cny', list: 'eligible', symbol: '600519' }));
    expect((await view('cny')).list).toEqual([
      expect.objectContaining({ symbol: '600519', list: 'eligible', by_default: false, shortable: true }),
    ]);
    // the same call again, or onto the other list: refused, nothing written twice
    expectRefusal(
      await change('shortableAdd', { market: 'cny', list: 'eligible', symbol: '600519' }),
      'admin.shortableListed',
    );
    expectRefusal(
      await change('shortableAdd', { market: 'cny', list: 'excluded', symbol: '600519' }),
      'admin.shortableListed',
    );
    expect((await stored()).cny).toEqual({ eligible: ['600519'], excluded: [] });
    // not on that list
    expectRefusal(
      await change('shortableRemove', { market: 'cny', list: 'excluded', symbol: '600519' }),
      'admin.shortableNotListed',
    );
    expectOk(await change('shortableRemove', { market: 'cny', list: 'eligible', symbol: '600519' }));
    expectRefusal(
      await change('shortableRemove', { market: 'cny', list: 'eligible', symbol: '600519' }),
      'admin.shortableNotListed',
    );
    expect((await stored()).cny).toEqual({ eligible: [], excluded: [] });
    // one line for the add, one for the removal
    expect((await audited()).length).toBe(lines + 2);

    // the body as the contract checks it
    expectRefusal(
      await change('shortableAdd', { market: 'jpy', list: 'maybe', symbol: '2702' }),
      'validation.invalid',
    );
    expectRefusal(
      await t.admin('/margin/shortableAdd', { market: 'jpy', list: 'eligible', symbol: '2702' }, admin),
      'validation.required',
    );
    expectRefusal(
      await change('shortableAdd', { market: 'xxx', list: 'eligible', symbol: '2702' }),
      'validation.invalid',
    );
  });

  it('a stock the catalogue does not list can still be taken off; another market’s stock is not checked', async () => {
    // written around the back office, as the settings page may
    expectOk(
      await t.admin(
        '/config/set',
        {
          name: 'trading_margin_list',
          value: JSON.stringify({
            jpy: { eligible: ['9999'], excluded: [] },
            usd: { eligible: [], excluded: [] },
            cny: { eligible: [], excluded: [] },
            krw: { eligible: [], excluded: [] },
          }),
          reason: '旧リスト',
        },
        admin,
      ),
    );
    const v = await view('jpy', 'AAPL');
    expect(v.list).toEqual([
      { symbol: '9999', name: '', list: 'eligible', by_default: false, shortable: false },
    ]);
    expect(v.check).toBeNull();
    expectOk(await change('shortableRemove', { market: 'jpy', list: 'eligible', symbol: '9999' }));
    expect((await stored()).jpy).toEqual({ eligible: [], excluded: [] });
  });

  it('names each stock in the operator’s language, jp when none is sent', async () => {
    expectOk(await change('shortableAdd', { market: 'jpy', list: 'excluded', symbol: '7203' }));
    const names = async (lang?: string) => {
      const v = expectOk(
        await t.admin(
          '/margin/shortable',
          { market: 'jpy', symbol: '7203', ...(lang ? { lang } : {}) },
          admin,
        ),
      );
      return [v.list[0].name, v.check.name];
    };
    expect(await names()).toEqual(['トヨタ自動車', 'トヨタ自動車']);
    expect(await names('jp')).toEqual(['トヨタ自動車', 'トヨタ自動車']);
    expect(await names('cn')).toEqual(['丰田汽车', '丰田汽车']);
    expect(await names('us')).toEqual(['Toyota Motor', 'Toyota Motor']);
    expect(await names('zh')).toEqual(['丰田汽车', '丰田汽车']);
    expectOk(await change('shortableRemove', { market: 'jpy', list: 'excluded', symbol: '7203' }));
  });

  it('Korea’s ban shows, and no list lifts it', async () => {
    t.clock.set(Date.parse('2024-06-03T10:00:00+09:00'));
    // the clock moved past the session
    const op = await t.adminLogin();
    const v = expectOk(await t.admin('/margin/shortable', { market: 'krw', symbol: '005930' }, op));
    expect(v.ban).toBe(true);
    expect(v.check).toMatchObject({ by_default: false, shortable: false });
    expectOk(
      await t.admin(
        '/margin/shortableAdd',
        { market: 'krw', list: 'eligible', symbol: '005930', reason: 'x' },
        op,
      ),
    );
    expect(
      expectOk(await t.admin('/margin/shortable', { market: 'krw', symbol: '005930' }, op)).check,
    ).toMatchObject({ list: 'eligible', shortable: false });
    expectOk(
      await t.admin(
        '/margin/shortableRemove',
        { market: 'krw', list: 'eligible', symbol: '005930', reason: 'x' },
        op,
      ),
    );
  });

  it('only an administrator reads or changes the list', async () => {
    for (const token of [operator, reviewer]) {
      expectRefusal(await t.admin('/margin/shortable', { market: 'jpy' }, token), 'admin.forbidden');
      expectRefusal(
        await change('shortableAdd', { market: 'jpy', list: 'eligible', symbol: '2702' }, token),
        'admin.forbidden',
      );
      expectRefusal(
        await change('shortableRemove', { market: 'jpy', list: 'eligible', symbol: '2702' }, token),
        'admin.forbidden',
      );
    }
    expect((await stored()).jpy).toEqual({ eligible: [], excluded: [] });
  });
});
