import type { BlockTables } from './block.ts';
import type { CalendarTables } from './calendar.ts';
import type { CorporateActionTables } from './corporate-actions.ts';
import type { DayTradeTables } from './day-trade.ts';
import type { FoundationTables } from './foundation.ts';
import type { IpoTables } from './ipo.ts';
import type { JobTables } from './jobs.ts';
import type { LedgerTables } from './ledger.ts';
import type { LendingTables } from './lending.ts';
import type { MailTables } from './mail.ts';
import type { MarginTables } from './margin.ts';
import type { MoneyTables } from './money.ts';
import type { ProductTables } from './products.ts';
import type { ReportTables } from './reports.ts';
import type { SecurityTables } from './security.ts';
import type { SupportTables } from './support.ts';
import type { TaxTables } from './tax.ts';
import type { TradingTables } from './trading.ts';

export type * from './block.ts';
export type * from './calendar.ts';
export type * from './corporate-actions.ts';
export type * from './day-trade.ts';
export type * from './foundation.ts';
export type * from './ipo.ts';
export type * from './jobs.ts';
export type * from './lending.ts';
export type * from './mail.ts';
export type * from './margin.ts';
export type * from './money.ts';
export type * from './products.ts';
export type * from './reports.ts';
export type * from './security.ts';
export type * from './support.ts';
export type * from './tax.ts';
export type * from './trading.ts';

/** Every table. Each area adds its own interface here. */
export interface Database
  extends FoundationTables,
    LedgerTables,
    MoneyTables,
    TradingTables,
    SecurityTables,
    IpoTables,
    BlockTables,
    ProductTables,
    SupportTables,
    LendingTables,
    DayTradeTables,
    CalendarTables,
    JobTables,
    MailTables,
    CorporateActionTables,
    ReportTables,
    TaxTables,
    MarginTables {}
