import type { Language } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../../../lib/api.ts';
import { copyTradeEndpoints } from '../../../lib/product-endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

type WireProduct = RefData<typeof copyTradeEndpoints.products>[number];
type WireDetail = RefData<typeof copyTradeEndpoints.product>;

/** A copy-trade product in English names. */
export interface Product {
  id: string;
  name: string;
  issuer: string;
  market: string;
  /** Stated daily target, % (a target only). */
  targetPercent: number;
  minimum: string;
  capacityLeft: string;
  capacity: string;
  lockDays: number;
  deadline: number;
  productEnd: number;
  nav: number;
  navChangePercent: number;
  navTotalPercent: number;
  status: number;
  inception: string;
}

export interface ProductDetail extends Product {
  constituents: { symbol: string; name: string; weightPercent: number; price: number; gainPercent: number }[];
  history: { date: string; time: number; nav: number; target: number }[];
  mine: {
    invested: string;
    stake: string;
    value: string;
    profit: string;
    orders: number;
    days: { date: string; nav: number; profit: string }[];
  };
}

const toProduct = (w: WireProduct): Product => ({
  id: w.id,
  name: w.name,
  issuer: w.sender,
  market: w.market,
  targetPercent: w.dprofit,
  minimum: w.money,
  capacityLeft: w.capital,
  capacity: w.capacity,
  lockDays: w.scday,
  deadline: w.end,
  productEnd: w.ends,
  nav: w.nav,
  navChangePercent: w.nav_change,
  navTotalPercent: w.nav_total,
  status: w.status,
  inception: w.inception,
});

const toDetail = (w: WireDetail): ProductDetail => ({
  ...toProduct(w),
  constituents: w.constituents.map((c) => ({
    symbol: c.symbol,
    name: c.name,
    weightPercent: c.weight,
    price: c.price,
    gainPercent: c.gain,
  })),
  history: w.history,
  mine: {
    invested: w.mine.cj_money,
    stake: w.mine.money,
    value: w.mine.value,
    profit: w.mine.aprofit,
    orders: w.mine.orders,
    days: w.mine.days,
  },
});

/** `/trade/productlist {type}`: the listed products of a market with their NAV now. */
export const productsQuery = (market: Market, lang: Language) =>
  queryOptions({
    queryKey: [...scopes.products, 'list', market, lang],
    queryFn: async ({ signal }): Promise<Product[]> =>
      (await fetchData(copyTradeEndpoints.products, { type: market as 'jpy', lang }, { signal })).map(
        toProduct,
      ),
    staleTime: 0,
  });
export const useProducts = (market: Market, lang: Language) => useQuery(productsQuery(market, lang));

/** `/trade/productdetail {id, type}`: constituents, NAV history against the target, my figures. */
export const productQuery = (id: string, market: Market, lang: Language) =>
  queryOptions({
    queryKey: [...scopes.products, 'detail', id, market, lang],
    queryFn: async ({ signal }): Promise<ProductDetail> =>
      toDetail(await fetchData(copyTradeEndpoints.product, { id, type: market as 'jpy', lang }, { signal })),
    staleTime: 0,
  });
export const useProduct = (id: string, market: Market, lang: Language) =>
  useQuery({ ...productQuery(id, market, lang), enabled: id !== '' });
