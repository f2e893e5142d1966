import type { Currency } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';

type Wire = RefData<typeof endpoints.assets.summary>;

/** Total assets in yen across every wallet, with its breakdown; amounts are decimal strings in yen. */
export interface AssetsSummary {
  total: string;
  cash: string;
  /** reserved + margin + stake, the one frozen of every screen. */
  frozen: string;
  /** Held out of cash by pending transfers (withdrawals, orders, subscriptions). */
  reserved: string;
  /** The margin of open positions and day-trading lines. */
  margin: string;
  /** Copy-trade stakes. */
  stake: string;
  /** Unrealised P&L of open positions. */
  pnl: string;
  owed: string;
  net: string;
  /** Open positions (holding or closing). */
  positions: number;
  /** The exchange's spread, percent. */
  spread: string;
  /** Unix seconds (server clock). */
  time: number;
  /** Per wallet: total = available + frozen, value = total + pnl (its own currency), totalJpy = value in yen. */
  wallets: {
    currency: Currency;
    total: string;
    pnl: string;
    value: string;
    rate: string;
    totalJpy: string;
  }[];
}

const fromWire = (w: Wire): AssetsSummary => ({
  total: w.total,
  cash: w.cash,
  frozen: w.frozen,
  reserved: w.reserved,
  margin: w.margin,
  stake: w.stake,
  pnl: w.pnl,
  owed: w.owed,
  net: w.net,
  positions: w.positions,
  spread: w.spread,
  time: w.time,
  wallets: w.wallets.map((x) => ({
    currency: x.currency,
    total: x.total,
    pnl: x.pnl,
    value: x.value,
    rate: x.rate,
    totalJpy: x.total_jpy,
  })),
});

/** `/user/assets_summary`: the figure the screens lead with (My page, user panel, home). */
export const assetsSummaryQuery = () =>
  queryOptions({
    queryKey: [...scopes.user, 'assets'],
    queryFn: async ({ signal }) => fromWire(await fetchData(endpoints.assets.summary, {}, { signal })),
  });

/** Money may have moved since the last look: asked again whenever a screen showing it opens. */
export const useAssetsSummary = () => useQuery({ ...assetsSummaryQuery(), staleTime: 0 });
