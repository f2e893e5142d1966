import {
  formatPercent,
  formatUnits,
  type Market,
  STOCK_LOAN_CODE,
  toUnixSeconds,
  UNIT,
} from '@kabuto/domain';
import type { Lang } from '@kabuto/market';
import { refuse } from '../../lib/errors.ts';
import type { Actor } from '../../shared/audit.ts';
import { nameOf } from '../../shared/market-data.ts';
import { changeSetting } from '../../shared/setting-change.ts';
import { loadSettings } from '../../shared/settings.ts';
import { rateOf, type StockLendingDeps } from './stock-lending.deps.ts';
import * as repo from './stock-lending.repo.ts';

const STATUS_FILTER = {
  lent: STOCK_LOAN_CODE.lent,
  recalled: STOCK_LOAN_CODE.recalled,
  all: undefined,
} as const;

/**
 * The back office of stock lending: every loan with filters, the rate of every stock, and one stock's own
 * rate (audited; the tiers are the `lending_rates` setting of the config page). Nothing here touches a
 * user's fee: the rate applies from the next accrual.
 */
export function stockLendingAdmin(d: Pick<StockLendingDeps, 'db' | 'clock' | 'market'>) {
  const { db, clock, market } = d;

  async function loans(f: {
    status: keyof typeof STATUS_FILTER;
    market: Market | 'all';
    account?: string;
    symbol?: string;
    lang: Lang;
    page: number;
    size: number;
  }) {
    const { rows, total } = await repo.listLoans(db, {
      status: STATUS_FILTER[f.status],
      market: f.market === 'all' ? undefined : f.market,
      account: f.account || undefined,
      symbol: f.symbol || undefined,
      page: f.page,
      size: f.size,
    });
    return {
      list: rows.map((l) => {
        const inst = market.instrument(l.symbol);
        return {
          id: String(l.id),
          user_id: String(l.user_id),
          account: l.account,
          position_id: String(l.position_id),
          market: l.market,
          symbol: l.symbol,
          name: inst ? nameOf(inst, f.lang) : l.symbol,
          quantity: l.quantity.toString(),
          rate: formatPercent(l.rate_ppm),
          accrued: formatUnits(l.accrued),
          paid: formatUnits(l.paid),
          status: l.status,
          recall_reason: l.recall_reason ?? '',
          accrued_through: l.accrued_through ?? '',
          lent_at: toUnixSeconds(l.lent_at.getTime()),
          recalled_at: l.recalled_at ? toUnixSeconds(l.recalled_at.getTime()) : null,
        };
      }),
      total,
    };
  }

  async function rates(mkt: Market, lang: Lang) {
    const setting = (await loadSettings(db)).lending_rates;
    const list = market
      .instruments(mkt)
      .filter((i) => i.kind === 'stock')
      .map((inst) => {
        const r = rateOf(market, setting, inst);
        return {
          symbol: inst.symbol,
          name: nameOf(inst, lang),
          market_cap: ((market.quote(inst.symbol)?.marketCap ?? 0n) / UNIT).toString(),
          rate: formatPercent(r.ppm),
          source: r.source,
        };
      });
    return { tiers: setting.tiers[mkt].map((t) => ({ min_cap: t.min_cap, rate: t.rate })), list };
  }

  /** Set (or, with "", remove) one stock's own rate, with the reason in the audit log. */
  async function setRate(op: Actor, input: { symbol: string; rate: string; reason: string }) {
    const inst = market.instrument(input.symbol);
    if (inst?.kind !== 'stock') return refuse('trade.unknownSymbol');
    await changeSetting(db, 'lending_rates', op, new Date(clock.now()), (current) => {
      const symbols = { ...current.symbols };
      const before = symbols[inst.symbol] ?? '';
      if (input.rate === '') delete symbols[inst.symbol];
      else symbols[inst.symbol] = input.rate;
      return {
        value: { ...current, symbols },
        audit: {
          action: 'lending.rate',
          target: `instrument:${inst.symbol}`,
          reason: input.reason,
          detail: { from: before, to: input.rate },
        },
      };
    });
  }

  return { loans, rates, setRate };
}

export type StockLendingAdmin = ReturnType<typeof stockLendingAdmin>;
