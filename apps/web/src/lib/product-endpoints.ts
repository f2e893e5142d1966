import type { copyTradeApi, dayTradingApi } from '@kabuto/contract';
import { ref } from './endpoints.ts';

/**
 * The copy-trade calls, apart from `endpoints` so that the first screen (which carries that table) does
 * not grow with them: only the screens that use them load these. endpoints.test.ts checks the paths too.
 */
export const copyTradeEndpoints = {
  products: ref<typeof copyTradeApi.products>('/trade/productlist'),
  product: ref<typeof copyTradeApi.product>('/trade/productdetail'),
  follow: ref<typeof copyTradeApi.follow>('/trade/buy_product'),
  redeem: ref<typeof copyTradeApi.redeem>('/trade/redeem_product'),
  orders: ref<typeof copyTradeApi.orders>('/trade/userproductlist'),
} as const;

/** The day-trading calls, apart from `endpoints` for the same reason (the positions go through trading's). */
export const dayTradingEndpoints = {
  apply: ref<typeof dayTradingApi.apply>('/trade/rnjy'),
  applications: ref<typeof dayTradingApi.applications>('/trade/urnjylist'),
} as const;
