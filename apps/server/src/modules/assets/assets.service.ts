import {
  assetsInYen,
  formatFxRate,
  formatPercent,
  formatUnits,
  frozenOf,
  percentToPpm,
  toUnixSeconds,
} from '@kabuto/domain';
import { userBalances } from '@kabuto/ledger';
import type { Deps } from '../../deps.ts';
import type { PositionsValuation } from '../../shared/positions.ts';
import { loadSettings } from '../../shared/settings.ts';

/**
 * Total assets in yen across every wallet (`assetsInYen` in the domain): the ledger's balances per currency
 * (available, and frozen in its three parts: reserved, margin, stake) and the open positions' unrealised
 * P&L from the trading module, at the FX reference mid rate of the same instant the exchange screen quotes.
 * Nothing is stored.
 */
export function assetsService({ db, clock }: Deps, valuePositions: PositionsValuation) {
  async function summary(userId: bigint) {
    const [balances, positions, settings] = await Promise.all([
      userBalances(db, userId),
      valuePositions(userId),
      loadSettings(db),
    ]);
    const now = clock.now();
    const a = assetsInYen(balances, positions.pnl, settings, now);
    return {
      currency: 'jpy' as const,
      total: formatUnits(a.total),
      cash: formatUnits(a.cash),
      frozen: formatUnits(a.frozen),
      reserved: formatUnits(a.reserved),
      margin: formatUnits(a.margin),
      stake: formatUnits(a.stake),
      pnl: formatUnits(a.pnl),
      owed: formatUnits(a.owed),
      net: formatUnits(a.net),
      positions: positions.count,
      spread: formatPercent(percentToPpm(settings.fx_spread)),
      time: toUnixSeconds(now),
      wallets: a.wallets.map((w) => ({
        currency: w.currency,
        available: formatUnits(w.available),
        frozen: formatUnits(frozenOf(w)),
        reserved: formatUnits(w.reserved),
        margin: formatUnits(w.margin),
        stake: formatUnits(w.stake),
        total: formatUnits(w.total),
        pnl: formatUnits(w.pnl),
        value: formatUnits(w.value),
        rate: formatFxRate(w.rate),
        total_jpy: formatUnits(w.totalYen),
      })),
    };
  }
  return { summary };
}

export type AssetsService = ReturnType<typeof assetsService>;
