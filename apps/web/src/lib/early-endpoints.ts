import type {
  accountApi,
  assetsApi,
  contentApi,
  Endpoint,
  emailApi,
  quotesApi,
  securityApi,
} from '@kabuto/contract';

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
 * The calls made before the signed-in app loads: the entry's own (the start-up config and a reopened
 * screen's first reads, home's and a stock page's) and the public screens' (sign-in, registration, the
 * second factor, password reset). They live apart from the whole table in lib/endpoints.ts, which includes
 * them, so that the first screen carries these paths, not every call of the app.
 */
export const early = {
  config: ref<typeof contentApi.config>('/common/config'),
  userInfo: ref<typeof accountApi.userInfo>('/user/getUserinfo'),
  assetsSummary: ref<typeof assetsApi.summary>('/user/assets_summary'),
  notices: ref<typeof accountApi.notices>('/user/notice'),
  indices: ref<typeof quotesApi.indices>('/parameter/zhishu'),
  rankings: ref<typeof quotesApi.rankings>('/parameter/top'),
  stock: ref<typeof quotesApi.stock>('/trade/stockdetails'),
  watchlist: ref<typeof quotesApi.watchlist>('/user/Optionallist'),
  register: ref<typeof accountApi.register>('/user/register'),
  login: ref<typeof accountApi.login>('/user/login'),
  passkeyLoginOptions: ref<typeof securityApi.passkeyLoginOptions>('/user/passkeyLoginOptions'),
  passkeyLogin: ref<typeof securityApi.passkeyLogin>('/user/passkeyLogin'),
  totpLogin: ref<typeof securityApi.totpLogin>('/user/totpLogin'),
  forgotPassword: ref<typeof emailApi.forgotPassword>('/user/forgotPassword'),
  resetPassword: ref<typeof emailApi.resetPassword>('/user/resetPassword'),
  verifyAddress: ref<typeof emailApi.verifyAddress>('/user/verifyEmail'),
};

/** The server's health check (not an API call: no envelope). */
export const HEALTH_PATH = '/healthz';
