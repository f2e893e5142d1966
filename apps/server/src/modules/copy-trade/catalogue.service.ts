import {
  capacityLeft,
  closeOf,
  type Market,
  NAV_ONE,
  navChangeBp,
  STAKE_CODE,
  stakeValue,
  targetNavs,
  type Units,
} from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';
import { type CopyTradeDeps, holdingsOf, liveNav, PRODUCT_STATUS } from './copy-trade.deps.ts';
import * as repo from './copy-trade.repo.ts';

/** A product as the lists show it: its terms, the NAV now and the change since the last close. */
export interface ProductView {
  product: repo.ProductRow;
  constituents: repo.ConstituentRow[];
  nav: Units;
  lastClose: Units;
  capacityLeft: Units;
}

/**
 * The catalogue: the products of a market with their NAV live from the current quotes (the NAV fixed at
 * the last close when a quote is missing), and one product's detail with its NAV history, the target
 * line and the caller's own figures.
 */
export function catalogueService(d: CopyTradeDeps) {
  const { db, market } = d;

  async function views(rows: repo.ProductRow[]): Promise<ProductView[]> {
    const ids = rows.map((p) => p.id);
    const [cons, navs] = await Promise.all([repo.constituents(db, ids), repo.lastNavs(db, ids)]);
    return rows.map((p) => {
      const mine = cons.filter((c) => c.product_id === p.id);
      const last = navs.get(p.id)?.nav ?? NAV_ONE;
      const nav = p.status === PRODUCT_STATUS.ended ? last : (liveNav(market, holdingsOf(mine)) ?? last);
      return { product: p, constituents: mine, nav, lastClose: last, capacityLeft: capacityLeft(p) };
    });
  }

  /** The listed products of a market (the user's list). */
  const list = async (mkt: Market) => views(await repo.productsOf(db, mkt, [PRODUCT_STATUS.listed]));

  /** One product: refused when missing, or of another market than `type`. */
  async function view(id: bigint, mkt?: Market): Promise<ProductView> {
    const p = await repo.getProduct(db, id);
    if (!p) return refuse('product.notFound');
    if (mkt && p.market !== mkt) refuse('trade.marketMismatch', { symbol: p.name_jp });
    return (await views([p]))[0];
  }

  async function detail(userId: bigint, id: bigint, mkt: Market) {
    const v = await view(id, mkt);
    const [history, stakes, days] = await Promise.all([
      repo.navHistory(db, id),
      repo.userStakesOf(db, userId, id),
      repo.userDays(db, userId, id),
    ]);
    const target = targetNavs(NAV_ONE, v.product.target_bp, history.length);
    const open = stakes.filter((s) => s.status !== STAKE_CODE.ended);
    return {
      ...v,
      history: history.map((h, i) => ({
        date: h.date,
        at: closeOf(v.product.market as Market, h.date) ?? 0,
        nav: h.nav,
        target: target[i],
      })),
      changeBp: navChangeBp(v.lastClose, v.nav),
      mine: {
        invested: open.reduce((s, x) => s + x.amount, 0n),
        stake: open.reduce((s, x) => s + x.stake, 0n),
        value: open.reduce((s, x) => s + stakeValue(x.units, v.nav), 0n),
        profit: stakes.reduce((s, x) => s + x.profit, 0n),
        orders: stakes.length,
        days: days.map((x) => ({ date: x.date, nav: BigInt(x.nav), profit: BigInt(x.pnl) })),
      },
    };
  }

  return { list, view, views, detail };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
