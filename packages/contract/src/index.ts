export * from './endpoint.ts';
export * as accountApi from './endpoints/account.ts';
export * as adminApi from './endpoints/admin.ts';
export { OPERATOR_ROLES, type OperatorRole } from './endpoints/admin.ts';
export * as assetsApi from './endpoints/assets.ts';
export * as blockTradesApi from './endpoints/block-trades.ts';
export * as calendarApi from './endpoints/calendar.ts';
export * as contentApi from './endpoints/content.ts';
export * as copyTradeApi from './endpoints/copy-trade.ts';
export * as dayTradingApi from './endpoints/day-trading.ts';
export * as emailApi from './endpoints/email.ts';
export { type MailNoticeKind, NOTICE_KINDS } from './endpoints/email.ts';
export * as fundsApi from './endpoints/funds.ts';
export { FUND_RECORD_TYPES, type FundRecordType } from './endpoints/funds.ts';
export * as kycApi from './endpoints/kyc.ts';
export * as loansApi from './endpoints/loans.ts';
export * as marginApi from './endpoints/margin.ts';
export * as newSharesApi from './endpoints/new-shares.ts';
export * as quotesApi from './endpoints/quotes.ts';
export {
  type WsClientMessage,
  type WsServerMessage,
  type WsTick,
  wsClientMessage,
} from './endpoints/quotes.ts';
export * as reportsApi from './endpoints/reports.ts';
export { REPORT_KINDS, type ReportKindWire } from './endpoints/reports.ts';
export * as securityApi from './endpoints/security.ts';
export { FACTORS, type Factor } from './endpoints/security.ts';
export * as stockLendingApi from './endpoints/stock-lending.ts';
export * as supportApi from './endpoints/support.ts';
export { SUPPORT_BODY_MAX, SUPPORT_BODY_MIN } from './endpoints/support-limits.ts';
export * as taxApi from './endpoints/tax.ts';
export * as tradingApi from './endpoints/trading.ts';
export { DZ_TYPES, POSITION_SOURCE } from './endpoints/trading.ts';
export * as uploadsApi from './endpoints/uploads.ts';
export * from './envelope.ts';
export * as fields from './fields.ts';
export * from './messages/index.ts';
export * from './wire.ts';
