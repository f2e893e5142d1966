import { withTx } from '@kabuto/db';
import {
  formatUnits,
  holdingsFor,
  lastClose,
  type Market,
  NAV_ONE,
  STAKE_CODE,
  weightsProblem,
} from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';
import { plainAmount } from '../../shared/amounts.ts';
import { type Actor, audit } from '../../shared/audit.ts';
import type { CatalogueService } from './catalogue.service.ts';
import {
  type CopyTradeDeps,
  constituentOf,
  holdingsOf,
  liveNav,
  livePrices,
  PRODUCT_STATUS,
  type ProductTerms,
  type WeightInput,
} from './copy-trade.deps.ts';
import * as repo from './copy-trade.repo.ts';

/**
 * The back office's products: create (NAV 1.0000 at the market prices now), edit the terms and the
 * listing, rebalance at market prices now (the NAV does not move; the reason is recorded and audited),
 * and the lists of products, rebalances and stakes. Nothing here sets a NAV, a price or a profit.
 */
export function copyTradeAdmin(d: CopyTradeDeps, catalogue: CatalogueService) {
  const { db, clock, market } = d;

  function checkWeights(mkt: Market, weights: readonly WeightInput[]) {
    if (weightsProblem(weights)) refuse('product.badWeights');
    for (const w of weights)
      if (!constituentOf(market, w.symbol, mkt)) refuse('product.badConstituent', { symbol: w.symbol });
    const prices = livePrices(
      market,
      weights.map((w) => w.symbol),
    );
    if (weights.some((w) => !((prices.get(w.symbol) ?? 0n) > 0n))) refuse('product.noPrice');
    return prices;
  }
  const checkTerms = (t: ProductTerms) => {
    if (t.ends.getTime() < t.deadline.getTime()) refuse('product.badWindow');
  };
  const termsDetail = (t: ProductTerms) => ({
    names: t.names,
    issuer: t.issuer,
    target_bp: t.targetBp,
    minimum: plainAmount(t.minimum),
    capacity: plainAmount(t.capacity),
    lock_days: t.lockDays,
    deadline: t.deadline.toISOString(),
    ends: t.ends.toISOString(),
  });
  const weightsOf = (rows: readonly { symbol: string; weight_bp: number }[], prices: Map<string, bigint>) =>
    rows.map((r) => ({
      symbol: r.symbol,
      weight_bp: r.weight_bp,
      price: formatUnits(prices.get(r.symbol) ?? 0n),
    }));

  async function create(actor: Actor, mkt: Market, t: ProductTerms, weights: WeightInput[]) {
    checkTerms(t);
    const prices = checkWeights(mkt, weights);
    const holdings = holdingsFor(weights, NAV_ONE, prices);
    const now = clock.now();
    const at = new Date(now);
    return withTx(db, async (tx) => {
      const p = await repo.insertProduct(tx, {
        market: mkt,
        name_jp: t.names.jp,
        name_cn: t.names.cn,
        name_us: t.names.us,
        issuer: t.issuer,
        target_bp: t.targetBp,
        minimum: t.minimum,
        capacity: t.capacity,
        lock_days: t.lockDays,
        // the NAV is 1.0000 at the last close's prices: the next close is its first
        inception: lastClose(mkt, now).date,
        deadline_at: t.deadline,
        ends_at: t.ends,
        created_at: at,
        updated_at: at,
      });
      await repo.replaceConstituents(
        tx,
        p.id,
        holdings.map((h) => ({ symbol: h.symbol, weight_bp: h.weightBp, qty: h.qty })),
      );
      await repo.insertNavs(tx, [{ product_id: p.id, date: p.inception, nav: NAV_ONE }]);
      await audit(
        tx,
        actor,
        {
          action: 'product.create',
          target: `product:${p.id}`,
          detail: {
            market: mkt,
            ...termsDetail(t),
            constituents: weightsOf(
              holdings.map((h) => ({ symbol: h.symbol, weight_bp: h.weightBp })),
              prices,
            ),
          },
        },
        at,
      );
      return p;
    });
  }

  async function edit(actor: Actor, id: bigint, t: ProductTerms, listed: boolean) {
    checkTerms(t);
    const at = new Date(clock.now());
    return withTx(db, async (tx) => {
      const p = await repo.lockProduct(tx, id);
      if (!p) return refuse('product.notFound');
      if (p.status === PRODUCT_STATUS.ended) refuse('product.ended');
      await repo.updateProduct(tx, id, {
        name_jp: t.names.jp,
        name_cn: t.names.cn,
        name_us: t.names.us,
        issuer: t.issuer,
        target_bp: t.targetBp,
        minimum: t.minimum,
        capacity: t.capacity,
        lock_days: t.lockDays,
        deadline_at: t.deadline,
        ends_at: t.ends,
        status: listed ? PRODUCT_STATUS.listed : PRODUCT_STATUS.delisted,
        updated_at: at,
      });
      await audit(
        tx,
        actor,
        { action: 'product.edit', target: `product:${id}`, detail: { ...termsDetail(t), listed } },
        at,
      );
    });
  }

  /** New weights at the market prices now; the quantities are set so that the NAV stays what it is. */
  async function rebalance(actor: Actor, id: bigint, weights: WeightInput[], reason: string) {
    const found = await repo.getProduct(db, id);
    if (!found) return refuse('product.notFound');
    if (found.status === PRODUCT_STATUS.ended) refuse('product.ended');
    const mkt = found.market as Market;
    const prices = checkWeights(mkt, weights);
    const at = new Date(clock.now());
    return withTx(db, async (tx) => {
      const p = await repo.lockProduct(tx, id);
      if (!p || p.status === PRODUCT_STATUS.ended) return refuse('product.ended');
      const before = await repo.constituents(tx, [id]);
      const nav = liveNav(market, holdingsOf(before));
      if (nav === null || nav <= 0n) return refuse('product.noPrice');
      const beforePrices = livePrices(
        market,
        before.map((b) => b.symbol),
      );
      const holdings = holdingsFor(weights, nav, prices);
      await repo.replaceConstituents(
        tx,
        id,
        holdings.map((h) => ({ symbol: h.symbol, weight_bp: h.weightBp, qty: h.qty })),
      );
      const after = weightsOf(
        holdings.map((h) => ({ symbol: h.symbol, weight_bp: h.weightBp })),
        prices,
      );
      const was = weightsOf(before, beforePrices);
      await repo.insertRebalance(tx, {
        product_id: id,
        operator_id: actor.id,
        reason,
        nav,
        before: JSON.stringify(was),
        after: JSON.stringify(after),
        created_at: at,
      });
      await audit(
        tx,
        actor,
        {
          action: 'product.rebalance',
          target: `product:${id}`,
          reason,
          detail: { nav: formatUnits(nav), before: was, after },
        },
        at,
      );
      await repo.updateProduct(tx, id, { updated_at: at });
      return { nav };
    });
  }

  async function products(f: { status?: number; page: number; size: number }) {
    const { rows, total } = await repo.pageProducts(db, f);
    return { views: await catalogue.views(rows), total };
  }

  const STATUS = { following: STAKE_CODE.following, locked: STAKE_CODE.locked, ended: STAKE_CODE.ended };
  const stakes = (f: {
    product_id?: bigint;
    status: keyof typeof STATUS | 'all';
    account?: string;
    page: number;
    size: number;
  }) => repo.pageStakes(db, { ...f, status: f.status === 'all' ? undefined : STATUS[f.status] });

  return {
    create,
    edit,
    rebalance,
    products,
    stakes,
    rebalances: (id: bigint, page: number, size: number) => repo.pageRebalances(db, id, page, size),
  };
}

export type CopyTradeAdmin = ReturnType<typeof copyTradeAdmin>;
