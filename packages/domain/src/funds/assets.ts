import type { Currency } from '../currencies.ts';
import type { Units } from '../money.ts';
import { FX_RATE_SCALE, type FxSettings, fxQuote } from './fx.ts';

/**
 * Total assets in yen: every wallet's money (what is free, what pending transfers hold, the margin of open
 * positions and whatever other held kind the ledger reports) plus the unrealised P&L of open positions,
 * each converted at the reference mid rate the exchange screen shows (before its spread). An exchange
 * therefore changes the total only by the spread it took, and the loans owed are shown beside it.
 */

/** One wallet as the ledger reports it, in the wallet's currency. */
export interface WalletAssets {
  currency: Currency;
  /** Free to spend. */
  available: Units;
  /** Held out of cash by pending transfers (withdrawals, orders, subscriptions, products). */
  reserved: Units;
  /** Held as the margin of open positions. */
  margin: Units;
  /** Everything the user holds in this currency (available + reserved + margin + any other held kind). */
  total: Units;
  /** Owed (loans). */
  owed: Units;
}

export interface WalletInYen extends WalletAssets {
  /** Yen per unit of the currency (× FX_RATE_SCALE), the mid rate. */
  rate: bigint;
  /** Unrealised P&L of open positions in this currency. */
  pnl: Units;
  /** total + pnl, in yen. */
  totalYen: Units;
}

export interface AssetsInYen {
  /** cash + frozen + margin + other + pnl. */
  total: Units;
  cash: Units;
  frozen: Units;
  margin: Units;
  /** Held kinds the ledger reports beyond cash, reserved and margin (products' stakes, holds). */
  other: Units;
  pnl: Units;
  owed: Units;
  /** total − owed. */
  net: Units;
  wallets: WalletInYen[];
}

/** Yen per unit of `currency` now, × FX_RATE_SCALE (1 for yen). */
export const yenRate = (fx: FxSettings, currency: Currency, nowMs: number): bigint =>
  currency === 'jpy' ? FX_RATE_SCALE : fxQuote(fx, currency, 'jpy', nowMs).mid;

/** amount × rate, truncated toward zero at the unit scale (a loss converts like a gain). */
export const toYen = (amount: Units, rate: bigint): Units => (amount * rate) / FX_RATE_SCALE;

/** Sum every wallet and the open positions' P&L (per currency) in yen at the reference mid rates. */
export function assetsInYen(
  wallets: readonly WalletAssets[],
  pnlByCurrency: Partial<Record<Currency, Units>>,
  fx: FxSettings,
  nowMs: number,
): AssetsInYen {
  const out: AssetsInYen = {
    total: 0n,
    cash: 0n,
    frozen: 0n,
    margin: 0n,
    other: 0n,
    pnl: 0n,
    owed: 0n,
    net: 0n,
    wallets: [],
  };
  const seen = new Set<Currency>();
  const add = (w: WalletAssets) => {
    seen.add(w.currency);
    const rate = yenRate(fx, w.currency, nowMs);
    const pnl = pnlByCurrency[w.currency] ?? 0n;
    const cash = toYen(w.available, rate);
    const frozen = toYen(w.reserved, rate);
    const margin = toYen(w.margin, rate);
    const all = toYen(w.total, rate);
    const pnlYen = toYen(pnl, rate);
    out.cash += cash;
    out.frozen += frozen;
    out.margin += margin;
    out.other += all - cash - frozen - margin;
    out.pnl += pnlYen;
    out.owed += toYen(w.owed, rate);
    out.wallets.push({ ...w, rate, pnl, totalYen: all + pnlYen });
  };
  for (const w of wallets) add(w);
  for (const [c, pnl] of Object.entries(pnlByCurrency) as [Currency, Units][]) {
    if (!seen.has(c) && pnl !== 0n)
      add({ currency: c, available: 0n, reserved: 0n, margin: 0n, total: 0n, owed: 0n });
  }
  out.total = out.cash + out.frozen + out.margin + out.other + out.pnl;
  out.net = out.total - out.owed;
  return out;
}
