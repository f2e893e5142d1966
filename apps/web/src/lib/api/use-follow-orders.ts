import type { Language } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { copyTradeEndpoints } from '../product-endpoints.ts';
import { scopes } from '../query-scopes.ts';

type WireOrder = RefData<typeof copyTradeEndpoints.orders>[number];

/** A copy-trade order (stake) in English names: 0 following, 1 ended, 2 locked. */
export interface FollowOrder {
  id: string;
  orderNo: string;
  productId: string;
  name: string;
  issuer: string;
  /** Money in the stake now. */
  stake: string;
  invested: string;
  targetPercent: number;
  lockDays: number;
  /** P&L booked so far / at the last close. */
  profit: string;
  lastDayProfit: string;
  units: string;
  entryNav: number;
  boughtAt: number;
  lockUntil: number;
  productEnd: number;
  status: number;
  endedAt: number | null;
}

const toOrder = (w: WireOrder): FollowOrder => ({
  id: w.id,
  orderNo: w.order_no,
  productId: w.product_id,
  name: w.name,
  issuer: w.sender,
  stake: w.money,
  invested: w.cj_money,
  targetPercent: w.dprofit,
  lockDays: w.scday,
  profit: w.aprofit,
  lastDayProfit: w.tprofit,
  units: w.units,
  entryNav: w.nav,
  boughtAt: w.buy_time,
  lockUntil: w.lock_time,
  productEnd: w.end,
  status: w.status,
  endedAt: w.end_time,
});

export const FOLLOW_STATUS = { following: 0, ended: 1, locked: 2 } as const;

/** `/trade/userproductlist {type}`: my copy-trade orders, newest first (the orders screen and positions). */
export const followOrdersQuery = (market: Market, lang: Language) =>
  queryOptions({
    queryKey: [...scopes.products, 'orders', market, lang],
    queryFn: async ({ signal }): Promise<FollowOrder[]> =>
      (
        await fetchData(copyTradeEndpoints.orders, { type: market as 'jpy', lang, size: 100 }, { signal })
      ).map(toOrder),
    staleTime: 0,
  });

export const useFollowOrders = (market: Market, lang: Language, enabled = true) =>
  useQuery({ ...followOrdersQuery(market, lang), enabled });
