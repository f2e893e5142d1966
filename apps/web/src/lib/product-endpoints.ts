import type { dayTradeApi, fundsApi, productsApi } from '@kabuto/contract';
import { ref } from './endpoints.ts';

/**
 * The copy-trade calls, apart from `endpoints` so that the first screen (which carries that table) does
 * not grow with them: only the screens that use them load these. endpoints.test.ts checks the paths too.
 */
export const productEndpoints = {
  productlist: ref<typeof productsApi.productlist>('/trade/productlist'),
  productdetail: ref<typeof productsApi.productdetail>('/trade/productdetail'),
  buyProduct: ref<typeof productsApi.buyProduct>('/trade/buy_product'),
  redeemProduct: ref<typeof productsApi.redeemProduct>('/trade/redeem_product'),
  userproductlist: ref<typeof fundsApi.userproductlist>('/trade/userproductlist'),
} as const;

/** The day-trading calls, apart from `endpoints` for the same reason (the positions go through trading's). */
export const dayTradeEndpoints = {
  rnjy: ref<typeof dayTradeApi.rnjy>('/trade/rnjy'),
  urnjylist: ref<typeof dayTradeApi.urnjylist>('/trade/urnjylist'),
} as const;
