import type { copyTradeApi, dayTradingApi, tradingApi } from '@kabuto/contract';
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

/**
 * The order book's calls beyond placing and cancelling (amending a pending order; the exit orders of
 * the position and the order inquiry), apart from `endpoints` likewise.
 */
export const orderBookEndpoints = {
  amend: ref<typeof tradingApi.amend>('/trade/amend_stock'),
  exitOrder: ref<typeof tradingApi.exitOrder>('/trade/exit_order'),
  exitCancel: ref<typeof tradingApi.exitCancel>('/trade/exit_cancel'),
  exitAmend: ref<typeof tradingApi.exitAmend>('/trade/exit_amend'),
  exitOrders: ref<typeof tradingApi.exitOrders>('/trade/exit_orders'),
} as const;
