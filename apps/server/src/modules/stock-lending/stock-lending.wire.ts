import { type DataOf, type stockLendingApi, wireNumber } from '@kabuto/contract';
import { formatPercent, formatUnits, toUnixSeconds } from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import { nameOf } from '../../shared/market-data.ts';
import type { StockLendingService } from './stock-lending.service.ts';

/** The contract's rows of the lending calls (the service speaks English). */

type Lendable = Awaited<ReturnType<StockLendingService['lendable']>>[number];
type LoanRecord = Awaited<ReturnType<StockLendingService['records']>>[number];

export const lendableWire = (r: Lendable, lang: Lang): DataOf<typeof stockLendingApi.lendable>[number] => ({
  id: String(r.position.id),
  stock_name: nameOf(r.inst, lang),
  stock_code: r.inst.symbol,
  market: r.inst.market,
  stock_num: r.position.quantity.toString(),
  nowprice: wireNumber(r.price),
  value: wireNumber(r.value),
  rate: formatPercent(r.ratePpm),
  lent: r.loanId === null ? 0 : 1,
  lend_id: r.loanId === null ? '' : String(r.loanId),
  source: r.position.source,
});

export function lendRecordWire(
  { loan, inst }: LoanRecord,
  lang: Lang,
): DataOf<typeof stockLendingApi.loans>[number] {
  return {
    id: String(loan.id),
    position_id: String(loan.position_id),
    stock_name: inst ? nameOf(inst, lang) : loan.symbol,
    stock_code: loan.symbol,
    market: loan.market,
    stock_num: loan.quantity.toString(),
    rate: formatPercent(loan.rate_ppm),
    accrued: formatUnits(loan.accrued),
    paid: formatUnits(loan.paid),
    status: loan.status,
    recall_reason: loan.recall_reason ?? '',
    accrued_through: loan.accrued_through ?? '',
    create_time: toUnixSeconds(loan.lent_at.getTime()),
    recall_time: loan.recalled_at ? toUnixSeconds(loan.recalled_at.getTime()) : null,
  };
}
