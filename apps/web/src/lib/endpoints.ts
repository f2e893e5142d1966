import type {
  accountApi,
  assetsApi,
  blockApi,
  contentApi,
  Endpoint,
  fundsApi,
  ipoApi,
  quotesApi,
  securityApi,
  tradingApi,
} from '@kabuto/contract';

/**
 * The calls this app makes, typed by the contract's endpoint definitions. Only the path is needed at
 * run time; importing the definitions themselves would ship the server's zod schemas to every phone.
 * endpoints.test.ts checks each path against the contract, so they cannot drift apart.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly path: string;
  /** Type carrier only; never set. */
  readonly definition?: E;
}

export const ref = <E extends Endpoint>(path: string): EndpointRef<E> => ({ path });

export const endpoints = {
  assets: {
    assetsSummary: ref<typeof assetsApi.assetsSummary>('/user/assets_summary'),
  },
  account: {
    register: ref<typeof accountApi.register>('/user/register'),
    login: ref<typeof accountApi.login>('/user/login'),
    logout: ref<typeof accountApi.logout>('/user/logout'),
    getUserinfo: ref<typeof accountApi.getUserinfo>('/user/getUserinfo'),
    changePassword: ref<typeof accountApi.changePassword>('/user/changePassword'),
    setPasswords: ref<typeof accountApi.setPasswords>('/user/setPasswords'),
    changePasswords: ref<typeof accountApi.changePasswords>('/user/changePasswords'),
    notice: ref<typeof accountApi.notice>('/user/notice'),
    noticedetail: ref<typeof accountApi.noticedetail>('/user/noticedetail'),
  },
  security: {
    passkeyLoginOptions: ref<typeof securityApi.passkeyLoginOptions>('/user/passkeyLoginOptions'),
    passkeyLogin: ref<typeof securityApi.passkeyLogin>('/user/passkeyLogin'),
    totpLogin: ref<typeof securityApi.totpLogin>('/user/totpLogin'),
    securityStatus: ref<typeof securityApi.securityStatus>('/user/security'),
    passkeyOptions: ref<typeof securityApi.passkeyOptions>('/user/passkeyOptions'),
    passkeyAdd: ref<typeof securityApi.passkeyAdd>('/user/passkeyAdd'),
    passkeyDelete: ref<typeof securityApi.passkeyDelete>('/user/passkeyDelete'),
    totpSetup: ref<typeof securityApi.totpSetup>('/user/totpSetup'),
    totpEnable: ref<typeof securityApi.totpEnable>('/user/totpEnable'),
    totpDisable: ref<typeof securityApi.totpDisable>('/user/totpDisable'),
    stepUpOptions: ref<typeof securityApi.stepUpOptions>('/user/stepUpOptions'),
    stepUp: ref<typeof securityApi.stepUp>('/user/stepUp'),
    sessions: ref<typeof securityApi.sessions>('/user/sessions'),
    sessionRevoke: ref<typeof securityApi.sessionRevoke>('/user/sessionRevoke'),
  },
  content: {
    config: ref<typeof contentApi.config>('/common/config'),
    wenben: ref<typeof contentApi.wenben>('/common/wenben'),
    newss: ref<typeof contentApi.newss>('/common/newss'),
    newsinfo: ref<typeof contentApi.newsinfo>('/common/newsinfo'),
  },
  funds: {
    upload1: ref<typeof fundsApi.upload1>('/common/upload1'),
    shiming: ref<typeof fundsApi.shiming>('/user/shiming'),
    cardList: ref<typeof fundsApi.cardList>('/user/cardList'),
    addCard: ref<typeof fundsApi.addCard>('/user/addCard'),
    editCard: ref<typeof fundsApi.editCard>('/user/editCard'),
    delbakcard: ref<typeof fundsApi.delbakcard>('/user/delbakcard'),
    rechargeChannel: ref<typeof fundsApi.rechargeChannel>('/common/recharge_channel'),
    ischongzhi: ref<typeof fundsApi.ischongzhi>('/user/ischongzhi'),
    chongzhi: ref<typeof fundsApi.chongzhi>('/user/chongzhi'),
    rechargelist: ref<typeof fundsApi.rechargelist>('/user/rechargelist'),
    withdrawal: ref<typeof fundsApi.withdrawal>('/user/withdrawal'),
    withdrawable: ref<typeof fundsApi.withdrawable>('/user/withdrawable'),
    withdrawallist: ref<typeof fundsApi.withdrawallist>('/user/withdrawallist'),
    rotationRate: ref<typeof fundsApi.rotationRate>('/user/rotation_rate'),
    rotation: ref<typeof fundsApi.rotation>('/user/rotation'),
    loaninfo: ref<typeof fundsApi.loaninfo>('/user/loaninfo'),
    toJq: ref<typeof fundsApi.toJq>('/user/to_jq'),
    toHq: ref<typeof fundsApi.toHq>('/user/to_hq'),
    loanlist: ref<typeof fundsApi.loanlist>('/user/loanlist'),
    capitalloglist: ref<typeof fundsApi.capitalloglist>('/user/capitalloglist'),
    capitallogcsv: ref<typeof fundsApi.capitallogcsv>('/user/capitallogcsv'),
  },
  quotes: {
    zhishu: ref<typeof quotesApi.zhishu>('/parameter/zhishu'),
    top: ref<typeof quotesApi.top>('/parameter/top'),
    stockdetails: ref<typeof quotesApi.stockdetails>('/trade/stockdetails'),
    kline: ref<typeof quotesApi.kline>('/trade/kline'),
    search: ref<typeof quotesApi.search>('/trade/search'),
    optionalList: ref<typeof quotesApi.optionalList>('/user/Optionallist'),
    addOptional: ref<typeof quotesApi.addOptional>('/user/addOptional'),
    removeOptional: ref<typeof quotesApi.removeOptional>('/user/removeOptional'),
  },
  trading: {
    userStockList: ref<typeof tradingApi.userStockList>('/trade/userstocklist'),
    userStockLists: ref<typeof tradingApi.userStockLists>('/trade/userstocklists'),
    stockDetail: ref<typeof tradingApi.stockDetail>('/trade/stockdetail'),
    buyStock: ref<typeof tradingApi.buyStock>('/trade/buy_stock'),
    sellStock: ref<typeof tradingApi.sellStock>('/trade/sell_stock'),
    cancelStock: ref<typeof tradingApi.cancelStock>('/trade/cancel_stock'),
  },
  ipo: {
    placinglist: ref<typeof ipoApi.placinglist>('/trade/placinglist'),
    buyNewstock: ref<typeof ipoApi.buyNewstock>('/trade/buy_newstock'),
    newstockAbstain: ref<typeof ipoApi.newstockAbstain>('/trade/newstock_abstain'),
    usernewstocklist: ref<typeof ipoApi.usernewstocklist>('/trade/usernewstocklist'),
    newstockDraw: ref<typeof ipoApi.newstockDraw>('/trade/newstock_draw'),
  },
  block: {
    nbhllist: ref<typeof blockApi.nbhllist>('/trade/nbhllist'),
    ustockslist: ref<typeof blockApi.ustockslist>('/trade/ustockslist'),
    blockDraw: ref<typeof blockApi.blockDraw>('/trade/block_draw'),
  },
} as const;

/** Liveness and version of the server (outside /api/vue). */
export const HEALTH_PATH = '/healthz';
