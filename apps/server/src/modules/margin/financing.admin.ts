import { withTx } from '@kabuto/db';
import { formatUnits, MARKETS, parseUnits } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import {
  decode,
  encodeSetting,
  forgetSettings,
  loadSettings,
  type MarginFinancingSetting,
  SETTING_DEFS,
} from '../../shared/settings.ts';

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
    const now = new Date(clock.now());
    await withTx(db, async (tx) => {
      // read in the transaction, the row locked: two changes at once do not lose one another
      const row = await tx
        .selectFrom('config')
        .select('value')
        .where('name', '=', 'margin_financing')
        .forUpdate()
        .executeTakeFirst();
      const stored = row ? decode(SETTING_DEFS.margin_financing.schema, row.value) : null;
      const current = (
        stored?.ok ? stored.value : SETTING_DEFS.margin_financing.default
      ) as MarginFinancingSetting;
      const premiums = { ...current.premiums };
      const before = premiums[inst.symbol] ?? '';
      if (value === '') delete premiums[inst.symbol];
      else premiums[inst.symbol] = formatUnits(parseUnits(value) ?? 0n);
      const text = encodeSetting({ ...current, premiums });
      await tx
        .insertInto('config')
        .values({ name: 'margin_financing', value: text, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: text, updated_at: now }))
        .execute();
      await audit(
        tx,
        op,
        {
          action: 'margin.premium',
          target: `instrument:${inst.symbol}`,
          reason: input.reason,
          detail: { from: before, to: premiums[inst.symbol] ?? '' },
        },
        now,
      );
    });
    forgetSettings(db);
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
