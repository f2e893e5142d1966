import type { FundRecordType } from '@kabuto/contract';
import type { IconName } from '../../components/icon.tsx';

/**
 * Fund record types (the contract's FUND_RECORD_TYPES, restated so the screen does not load the contract
 * module; `satisfies` below fails to compile when the two differ).
 */
export const RECORD_KINDS = [
  'deposit',
  'withdrawal',
  'exchange',
  'loan',
  'repay',
  'interest',
  'stock_buy',
  'stock_sell',
  'fee',
  'stamp_duty',
  'lending',
  'ipo_payment',
  'ipo_refund',
  'copy_trade',
  'copy_trade_refund',
  'daily_profit',
  'adjustment',
  'day_trade',
  'day_trade_settlement',
  'dividend',
  'manufactured_dividend',
  'fractional_cash',
  'split_adjustment',
  'tax_withheld',
  'tax_refund',
  'margin_interest',
  'short_fee',
  'short_premium',
] as const satisfies readonly FundRecordType[];

type Missing = Exclude<FundRecordType, (typeof RECORD_KINDS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

export const RECORD_ICON: Record<FundRecordType, IconName> = {
  deposit: 'deposit',
  withdrawal: 'withdraw',
  exchange: 'exchange',
  loan: 'loan',
  repay: 'loan',
  interest: 'loan',
  stock_buy: 'pie',
  stock_sell: 'pie',
  fee: 'file',
  stamp_duty: 'file',
  lending: 'block',
  ipo_payment: 'ipo',
  ipo_refund: 'ipo',
  copy_trade: 'quant',
  copy_trade_refund: 'quant',
  daily_profit: 'quant',
  adjustment: 'info',
  day_trade: 'daytrade',
  day_trade_settlement: 'daytrade',
  dividend: 'pie',
  manufactured_dividend: 'pie',
  fractional_cash: 'pie',
  split_adjustment: 'pie',
  tax_withheld: 'file',
  tax_refund: 'file',
  margin_interest: 'loan',
  short_fee: 'file',
  short_premium: 'file',
};
