import type {
  accountApi,
  blockTradesApi,
  contentApi,
  emailApi,
  fundsApi,
  kycApi,
  loansApi,
  newSharesApi,
  quotesApi,
  securityApi,
  tradingApi,
  uploadsApi,
} from '@kabuto/contract';

import { early, ref } from './early-endpoints.ts';

export { type EndpointRef, ref } from './early-endpoints.ts';

export const endpoints = {
  assets: {
    summary: early.assetsSummary,
  },
  account: {
    register: early.register,
    login: early.login,
    logout: ref<typeof accountApi.logout>('/user/logout'),
    userInfo: early.userInfo,
    changePassword: ref<typeof accountApi.changePassword>('/user/changePassword'),
    setFundPassword: ref<typeof accountApi.setFundPassword>('/user/setPasswords'),
    changeFundPassword: ref<typeof accountApi.changeFundPassword>('/user/changePasswords'),
    notices: early.notices,
    noticeDetail: ref<typeof accountApi.noticeDetail>('/user/noticedetail'),
  },
  email: {
    settings: ref<typeof emailApi.settings>('/user/email'),
    setAddress: ref<typeof emailApi.setAddress>('/user/setEmail'),
    verifyAddress: early.verifyAddress,
    setNotices: ref<typeof emailApi.setNotices>('/user/emailNotices'),
    forgotPassword: early.forgotPassword,
    resetPassword: early.resetPassword,
  },
  security: {
    passkeyLoginOptions: early.passkeyLoginOptions,
    passkeyLogin: early.passkeyLogin,
    totpLogin: early.totpLogin,
    status: ref<typeof securityApi.status>('/user/security'),
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
    config: early.config,
    page: ref<typeof contentApi.page>('/common/wenben'),
    news: ref<typeof contentApi.news>('/common/newss'),
    newsDetail: ref<typeof contentApi.newsDetail>('/common/newsinfo'),
  },
  uploads: {
    image: ref<typeof uploadsApi.image>('/common/upload1'),
  },
  kyc: {
    submit: ref<typeof kycApi.submit>('/user/shiming'),
  },
  funds: {
    cards: ref<typeof fundsApi.cards>('/user/cardList'),
    addCard: ref<typeof fundsApi.addCard>('/user/addCard'),
    editCard: ref<typeof fundsApi.editCard>('/user/editCard'),
    removeCard: ref<typeof fundsApi.removeCard>('/user/delbakcard'),
    depositChannels: ref<typeof fundsApi.depositChannels>('/common/recharge_channel'),
    depositCheck: ref<typeof fundsApi.depositCheck>('/user/ischongzhi'),
    deposit: ref<typeof fundsApi.deposit>('/user/chongzhi'),
    deposits: ref<typeof fundsApi.deposits>('/user/rechargelist'),
    withdraw: ref<typeof fundsApi.withdraw>('/user/withdrawal'),
    withdrawable: ref<typeof fundsApi.withdrawable>('/user/withdrawable'),
    withdrawals: ref<typeof fundsApi.withdrawals>('/user/withdrawallist'),
    exchangeRate: ref<typeof fundsApi.exchangeRate>('/user/rotation_rate'),
    exchange: ref<typeof fundsApi.exchange>('/user/rotation'),
    records: ref<typeof fundsApi.records>('/user/capitalloglist'),
    statement: ref<typeof fundsApi.statement>('/user/capitallogcsv'),
  },
  loans: {
    info: ref<typeof loansApi.info>('/user/loaninfo'),
    apply: ref<typeof loansApi.apply>('/user/to_jq'),
    repay: ref<typeof loansApi.repay>('/user/to_hq'),
    list: ref<typeof loansApi.list>('/user/loanlist'),
  },
  quotes: {
    indices: early.indices,
    rankings: early.rankings,
    stock: early.stock,
    kline: ref<typeof quotesApi.kline>('/trade/kline'),
    search: ref<typeof quotesApi.search>('/trade/search'),
    watchlist: early.watchlist,
    addToWatchlist: ref<typeof quotesApi.addToWatchlist>('/user/addOptional'),
    removeFromWatchlist: ref<typeof quotesApi.removeFromWatchlist>('/user/removeOptional'),
  },
  trading: {
    openPositions: ref<typeof tradingApi.openPositions>('/trade/userstocklist'),
    closedPositions: ref<typeof tradingApi.closedPositions>('/trade/userstocklists'),
    position: ref<typeof tradingApi.position>('/trade/stockdetail'),
    buy: ref<typeof tradingApi.buy>('/trade/buy_stock'),
    sell: ref<typeof tradingApi.sell>('/trade/sell_stock'),
    cancel: ref<typeof tradingApi.cancel>('/trade/cancel_stock'),
  },
  newShares: {
    offerings: ref<typeof newSharesApi.offerings>('/trade/placinglist'),
    apply: ref<typeof newSharesApi.apply>('/trade/buy_newstock'),
    decline: ref<typeof newSharesApi.decline>('/trade/newstock_abstain'),
    applications: ref<typeof newSharesApi.applications>('/trade/usernewstocklist'),
    draw: ref<typeof newSharesApi.draw>('/trade/newstock_draw'),
  },
  blockTrades: {
    offerings: ref<typeof blockTradesApi.offerings>('/trade/nbhllist'),
    subscriptions: ref<typeof blockTradesApi.subscriptions>('/trade/ustockslist'),
    draw: ref<typeof blockTradesApi.draw>('/trade/block_draw'),
  },
} as const;

/** Liveness and version of the server (outside /api/vue). */
export { HEALTH_PATH } from './early-endpoints.ts';
