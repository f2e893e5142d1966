import { describe, expect, test } from 'vitest';
import {
  assetsInYen,
  frozenOf,
  fxConvert,
  fxQuote,
  heldTotal,
  toYen,
  type WalletAssets,
  yenRate,
} from '../../src/index.ts';
import { FLAT_FX, u } from './fixtures.ts';

const wallet = (w: Partial<WalletAssets> & Pick<WalletAssets, 'currency'>): WalletAssets => ({
  available: 0n,
  reserved: 0n,
  margin: 0n,
  stake: 0n,
  awaiting: 0n,
  owed: 0n,
  ...w,
});

describe('frozen, one definition', () => {
  test('is what pending transfers reserve, the margin of positions and copy-trade stakes', () => {
    const parts = { reserved: u('5000'), margin: u('20000'), stake: u('300'), awaiting: u('1000') };
    expect(frozenOf(parts)).toBe(u('26300'));
    expect(heldTotal({ ...parts, available: u('100') })).toBe(u('26400'));
  });
});

describe('total assets in yen', () => {
  test('every wallet at the mid rate, with frozen in its three parts and P&L', () => {
    const a = assetsInYen(
      [
        wallet({ currency: 'jpy', available: u('100000'), reserved: u('5000'), margin: u('20000') }),
        // 30 USD in a copy-trade stake
        wallet({ currency: 'usd', available: u('100'), margin: u('50'), stake: u('30'), owed: u('10') }),
      ],
      { jpy: u('-1500'), usd: u('2.5') },
      FLAT_FX,
      0,
    );
    expect(a.cash).toBe(u('100000') + u('15500'));
    expect(a.reserved).toBe(u('5000'));
    expect(a.margin).toBe(u('20000') + u('7750'));
    expect(a.stake).toBe(u('4650'));
    expect(a.frozen).toBe(a.reserved + a.margin + a.stake);
    expect(a.pnl).toBe(u('-1500') + u('387.5'));
    expect(a.total).toBe(a.cash + a.frozen + a.pnl);
    expect(a.total).toBe(u('151787.5'));
    expect(a.owed).toBe(u('1550'));
    expect(a.net).toBe(a.total - u('1550'));
    expect(a.wallets.map((w) => w.totalYen)).toEqual([u('123500'), u('28287.5')]);
  });

  test('an exchange of ¥50,000 to dollars changes the total by the spread it took only', () => {
    const before = assetsInYen([wallet({ currency: 'jpy', available: u('100000') })], {}, FLAT_FX, 0);
    const q = fxQuote(FLAT_FX, 'jpy', 'usd', 0);
    const dollars = fxConvert(u('50000'), q);
    const after = assetsInYen(
      [wallet({ currency: 'jpy', available: u('50000') }), wallet({ currency: 'usd', available: dollars })],
      {},
      FLAT_FX,
      0,
    );
    const lost = before.total - after.total;
    expect(lost > 0n).toBe(true);
    // 0.30% of ¥50,000 = ¥150, plus under a cent of rounding down at ¥155/USD
    expect(lost >= u('150')).toBe(true);
    expect(lost <= u('150') + u('1.55')).toBe(true);
  });

  test('P&L of a currency without a wallet still counts; yen converts at 1', () => {
    const a = assetsInYen([], { krw: u('1000') }, FLAT_FX, 0);
    expect(a.pnl).toBe(u('110'));
    expect(a.wallets[0].currency).toBe('krw');
    expect(yenRate(FLAT_FX, 'jpy', 0)).toBe(toYen(10n ** 12n, 10n ** 12n) * 1n);
  });
});
