import { isShortable, localDate, type Market, type ShortableOverride, shortBanInForce } from '@kabuto/domain';
import type { Lang, MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import type { Actor } from '../../shared/audit.ts';
import { nameOf, requireMarket } from '../../shared/market-data.ts';
import { changeSetting } from '../../shared/setting-change.ts';
import { loadSettings, marginListOf } from '../../shared/settings.ts';

export type ShortableList = 'eligible' | 'excluded';

interface ListChange {
  market: Market;
  list: ShortableList;
  symbol: string;
  reason: string;
}

/**
 * The back office of the operator's shortable list (`trading_margin_list`): per market, the stocks added
 * to or excluded from the defaults, each with whether it may be sold short today as the order check
 * decides (the domain's `isShortable` on the same list), and one stock added or taken off, audited with
 * the reason. The next order reads the change (the settings are read again after a write).
 */
export function shortableAdmin(deps: Deps & { market: MarketDataProvider }) {
  const { db, clock, market } = deps;

  /** One stock as the page shows it: its name in `lang` and its status today, by default and with the list. */
  function row(m: Market, symbol: string, override: ShortableOverride, day: string, lang: Lang) {
    const inst = market.instrument(symbol);
    const listed: ShortableList | null = override.excluded.includes(symbol)
      ? 'excluded'
      : override.eligible.includes(symbol)
        ? 'eligible'
        : null;
    // a stock the catalogue does not list (or lists in another market) cannot be ordered at all
    const known = inst?.kind === 'stock' && inst.market === m ? inst : null;
    return {
      symbol,
      name: known ? nameOf(known, lang) : '',
      list: listed,
      by_default: known ? isShortable(known, day) : false,
      shortable: known ? isShortable(known, day, override) : false,
    };
  }

  /** One market's list (and, asked for, one stock of the market), with the status of each today. */
  async function view(m: Market, lang: Lang, symbol?: string) {
    const override = marginListOf(await loadSettings(db), m);
    const day = localDate(m, clock.now());
    const symbols = [...new Set([...override.eligible, ...override.excluded])].sort();
    const inst = symbol ? market.instrument(symbol) : undefined;
    return {
      market: m,
      ban: shortBanInForce(m, day),
      list: symbols.map((s) => row(m, s, override, day, lang)),
      check: inst?.kind === 'stock' && inst.market === m ? row(m, inst.symbol, override, day, lang) : null,
    };
  }

  /** Put a stock of the market's catalogue on one list; one already on either list is refused. */
  async function add(op: Actor, input: ListChange) {
    const inst = market.instrument(input.symbol);
    if (inst?.kind !== 'stock') return refuse('trade.unknownSymbol');
    requireMarket(inst, input.market);
    await changeSetting(db, 'trading_margin_list', op, new Date(clock.now()), (current) => {
      const lists = current[input.market];
      if (lists.eligible.includes(inst.symbol) || lists.excluded.includes(inst.symbol)) {
        return refuse('admin.shortableListed', { symbol: inst.symbol });
      }
      const next = { ...lists, [input.list]: [...lists[input.list], inst.symbol] };
      return {
        value: { ...current, [input.market]: next },
        audit: entry(input, '', input.list),
      };
    });
  }

  /**
   * Take a stock off one list: its default applies again. Not checked against the catalogue, so that a
   * stock the catalogue no longer lists can still be taken off.
   */
  async function remove(op: Actor, input: ListChange) {
    await changeSetting(db, 'trading_margin_list', op, new Date(clock.now()), (current) => {
      const lists = current[input.market];
      if (!lists[input.list].includes(input.symbol)) {
        return refuse('admin.shortableNotListed', { symbol: input.symbol });
      }
      const next = { ...lists, [input.list]: lists[input.list].filter((s) => s !== input.symbol) };
      return {
        value: { ...current, [input.market]: next },
        audit: entry(input, input.list, ''),
      };
    });
  }

  const entry = (input: ListChange, from: ShortableList | '', to: ShortableList | '') => ({
    action: 'margin.shortable',
    target: `instrument:${input.symbol}`,
    reason: input.reason,
    detail: { market: input.market, from, to },
  });

  return { view, add, remove };
}

export type ShortableAdmin = ReturnType<typeof shortableAdmin>;
