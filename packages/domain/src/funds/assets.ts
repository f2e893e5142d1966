import type { Currency } from '../currencies.ts';
import type { Units } from '../money.ts';
import { FX_RATE_SCALE, type FxSettings, fxQuote } from './fx.ts';

/**
 * Frozen, the one definition every reply and screen shows: what the ledger holds out of a user's cash in a
 * currency, in four parts named by what holds it. A user's money in a currency is available + frozen.
 */
export interface FrozenParts {
  /** Held out of cash by pending transfers: withdrawals, limit orders, new-share applications, block
   *  subscriptions, day-trade applications. */
  reserved: Units;
  /** The margin of open positions and of approved day-trading lines. */
  margin: Units;
  /** Money in copy-trade stakes. */
  stake: Units;
  /** Paid new-share allotments awaiting listing and dividends gone ex awaiting payment (still the user's). */
  awaiting: Units;
}

/** Frozen = reserved + margin + stake + awaiting. */
export const frozenOf = (p: FrozenParts): Units => p.reserved + p.margin + p.stake + p.awaiting;

/** Everything a user holds in one currency: available + frozen (before P&L and loans). */
export const heldTotal = (w: FrozenParts & { available: Units }): Units => w.available + frozenOf(w);

/**
 * Total assets in yen: every wallet's money (available and frozen) plus the unrealised P&L of open
 * positions, each converted at the reference mid rate the exchange screen shows (before its spread). An
 * exchange therefore changes the total only by the spread it took, and the loans owed are shown beside it.
 * total = cash + frozen + pnl; net = total − owed.
 */

/** One wallet as the ledger reports it, in the wallet's currency. */
export interface WalletAssets extends FrozenParts {
  currency: Currency;
  /** Free to spend. */
  available: Units;
  /** Owed (loans). */
  owed: Units;
}

export interface WalletInYen extends WalletAssets {
  /** available + frozen, in the wallet's currency. */
  total: Units;
  /** Yen per unit of the currency (× FX_RATE_SCALE), the mid rate. */
  rate: bigint;
  /** Unrealised P&L of open positions in this currency. */
  pnl: Units;
  /** total + pnl, in the wallet's currency: what the wallet is worth, the figure shown beside totalYen. */
  value: Units;
  /** total + pnl, in yen. */
  totalYen: Units;
}

export interface AssetsInYen extends FrozenParts {
  /** cash + frozen + pnl. */
  total: Units;
  cash: Units;
  /** reserved + margin + stake ({@link frozenOf}), each part converted on its own. */
  frozen: Units;
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
    reserved: 0n,
    margin: 0n,
    stake: 0n,
    awaiting: 0n,
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
    // each part converts on its own, so the wallets and the breakdown add up to the total exactly
    const inYen = {
      available: toYen(w.available, rate),
      reserved: toYen(w.reserved, rate),
      margin: toYen(w.margin, rate),
      stake: toYen(w.stake, rate),
      awaiting: toYen(w.awaiting, rate),
    };
    const pnlYen = toYen(pnl, rate);
    out.cash += inYen.available;
    out.reserved += inYen.reserved;
    out.margin += inYen.margin;
    out.stake += inYen.stake;
    out.awaiting += inYen.awaiting;
    out.pnl += pnlYen;
    out.owed += toYen(w.owed, rate);
    out.wallets.push({
      ...w,
      total: heldTotal(w),
      rate,
      pnl,
      value: heldTotal(w) + pnl,
      totalYen: heldTotal(inYen) + pnlYen,
    });
  };
  for (const w of wallets) add(w);
  for (const [c, pnl] of Object.entries(pnlByCurrency) as [Currency, Units][]) {
    if (!seen.has(c) && pnl !== 0n)
      add({ currency: c, available: 0n, reserved: 0n, margin: 0n, stake: 0n, awaiting: 0n, owed: 0n });
  }
  out.frozen = frozenOf(out);
  out.total = out.cash + out.frozen + out.pnl;
  out.net = out.total - out.owed;
  return out;
}
