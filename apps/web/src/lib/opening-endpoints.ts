import type { accountApi, assetsApi, contentApi, Endpoint, quotesApi } from '@kabuto/contract';

/**
 * The calls this app makes, typed by the contract's endpoint definitions. Only the path is needed at
 * run time; importing the definitions themselves would ship the server's zod schemas to every phone.
 * endpoints.test.ts checks each path (lib/endpoints.ts lists them all) against the contract, so they cannot drift apart.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly path: string;
  /** Type carrier only; never set. */
  readonly definition?: E;
}

export const ref = <E extends Endpoint>(path: string): EndpointRef<E> => ({ path });

/**
 * The calls the entry itself makes (the start-up config and a reopened screen's first reads: home's and a
 * stock page's). They live apart from the whole table in lib/endpoints.ts, which includes them, so that the
 * entry carries eight paths, not every call of the app.
 */
export const opening = {
  config: ref<typeof contentApi.config>('/common/config'),
  userInfo: ref<typeof accountApi.userInfo>('/user/getUserinfo'),
  assetsSummary: ref<typeof assetsApi.summary>('/user/assets_summary'),
  notices: ref<typeof accountApi.notices>('/user/notice'),
  indices: ref<typeof quotesApi.indices>('/parameter/zhishu'),
  rankings: ref<typeof quotesApi.rankings>('/parameter/top'),
  stock: ref<typeof quotesApi.stock>('/trade/stockdetails'),
  watchlist: ref<typeof quotesApi.watchlist>('/user/Optionallist'),
};
