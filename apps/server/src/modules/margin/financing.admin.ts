import { formatUnits, MARKETS, parseUnits } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { Actor } from '../../shared/audit.ts';
import { changeSetting } from '../../shared/setting-change.ts';
import { loadSettings } from '../../shared/settings.ts';

/**
 * The back office of margin costs: each scarce stock's 逆日歩 (per share per day, in the `margin_financing`
 * setting, audited with the reason), and the rates as set. A change applies from the next day accrued.
 */
export function financingAdmin(deps: Deps & { market: MarketDataProvider }) {
  const { db, clock, market } = deps;

  /** Set (or, with "", remove) one stock's premium, with the reason in the audit log. */
  async function setPremium(op: Actor, input: { symbol: string; premium: string; reason: string }) {
    const inst = market.instrument(input.symbol);
    if (inst?.kind !== 'stock') return refuse('trade.unknownSymbol');
    // a premium of 0 is no premium: remove it
    const value = input.premium === '' || parseUnits(input.premium) === 0n ? '' : input.premium;
    await changeSetting(db, 'margin_financing', op, new Date(clock.now()), (current) => {
      const premiums = { ...current.premiums };
      const before = premiums[inst.symbol] ?? '';
      if (value === '') delete premiums[inst.symbol];
      else premiums[inst.symbol] = formatUnits(parseUnits(value) ?? 0n);
      return {
        value: { ...current, premiums },
        audit: {
          action: 'margin.premium',
          target: `instrument:${inst.symbol}`,
          reason: input.reason,
          detail: { from: before, to: premiums[inst.symbol] ?? '' },
        },
      };
    });
  }

  async function premiums() {
    const f = (await loadSettings(db)).margin_financing;
    return {
      premiums: Object.entries(f.premiums).map(([symbol, premium]) => ({
        symbol,
        market: market.instrument(symbol)?.market ?? '',
        premium,
      })),
      rates: MARKETS.map((m) => ({ market: m, interest: f.interest[m], short_fee: f.short_fee[m] })),
    };
  }

  return { setPremium, premiums };
}

export type FinancingAdmin = ReturnType<typeof financingAdmin>;
