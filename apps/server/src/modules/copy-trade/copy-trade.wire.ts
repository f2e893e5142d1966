import type { copyTradeApi, DataOf } from '@kabuto/contract';
import { nameIn, wireNumber, wirePercent } from '@kabuto/contract';
import { formatUnits, NAV_ONE, navChangeBp, toUnixSeconds } from '@kabuto/domain';
import type { Lang, MarketDataProvider } from '@kabuto/market';
import { nameOf } from '../../shared/market-data.ts';
import type { CatalogueService, ProductView } from './catalogue.service.ts';
import type { FollowService } from './follow.service.ts';

/** The contract's rows of the products module (the services speak English). */

const unix = (d: Date) => toUnixSeconds(d.getTime());

export function productWire(v: ProductView, lang: Lang): DataOf<typeof copyTradeApi.products>[number] {
  const p = v.product;
  return {
    id: String(p.id),
    name: nameIn(p, lang),
    sender: p.issuer,
    market: p.market,
    dprofit: wirePercent(p.target_bp),
    money: formatUnits(p.minimum),
    capital: formatUnits(v.capacityLeft),
    capacity: formatUnits(p.capacity),
    scday: p.lock_days,
    end: unix(p.deadline_at),
    ends: unix(p.ends_at),
    nav: wireNumber(v.nav),
    nav_change: wirePercent(navChangeBp(v.lastClose, v.nav)),
    nav_total: wirePercent(navChangeBp(NAV_ONE, v.nav)),
    status: p.status,
    inception: p.inception,
  };
}

export function detailWire(
  x: Awaited<ReturnType<CatalogueService['detail']>>,
  market: MarketDataProvider,
  lang: Lang,
): DataOf<typeof copyTradeApi.product> {
  const quotes = new Map(market.quotes(x.constituents.map((c) => c.symbol)).map((q) => [q.symbol, q]));
  return {
    ...productWire(x, lang),
    constituents: x.constituents.map((c) => {
      const inst = market.instrument(c.symbol);
      const q = quotes.get(c.symbol);
      return {
        symbol: c.symbol,
        name: inst ? nameOf(inst, lang) : c.symbol,
        weight: wirePercent(c.weight_bp),
        price: q ? wireNumber(q.price) : 0,
        gain: q ? wirePercent(q.changeBp) : 0,
      };
    }),
    history: x.history.map((h) => ({
      date: h.date,
      time: Math.floor(h.at / 1000),
      nav: wireNumber(h.nav),
      target: wireNumber(h.target),
    })),
    mine: {
      cj_money: formatUnits(x.mine.invested),
      money: formatUnits(x.mine.stake),
      value: formatUnits(x.mine.value),
      aprofit: formatUnits(x.mine.profit),
      orders: x.mine.orders,
      days: x.mine.days.map((d) => ({ date: d.date, nav: wireNumber(d.nav), profit: formatUnits(d.profit) })),
    },
  };
}

export function orderWire(
  r: Awaited<ReturnType<FollowService['orders']>>[number],
  lang: Lang,
): DataOf<typeof copyTradeApi.orders>[number] {
  return {
    id: String(r.id),
    order_no: r.order_no,
    product_id: String(r.product_id),
    name: nameIn(r, lang),
    sender: r.issuer,
    money: formatUnits(r.stake),
    cj_money: formatUnits(r.amount),
    dprofit: wirePercent(r.target_bp),
    scday: r.lock_days,
    aprofit: formatUnits(r.profit),
    tprofit: formatUnits(r.lastDay),
    units: formatUnits(r.units),
    nav: wireNumber(r.entry_nav),
    buy_time: unix(r.created_at),
    lock_time: unix(r.lock_until),
    end: unix(r.ends_at),
    status: r.status,
    create_time: unix(r.created_at),
    end_time: r.ended_at ? unix(r.ended_at) : null,
  };
}
