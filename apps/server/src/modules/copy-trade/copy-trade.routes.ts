import { copyTradeApi, nameIn } from '@kabuto/contract';
import { formatUnits, toUnixSeconds } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import { ok, pageOf } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { PRODUCT_STATUS } from './copy-trade.deps.ts';
import type { CopyTradeService } from './copy-trade.service.ts';
import { detailWire, orderWire, productWire } from './copy-trade.wire.ts';

const PRODUCT_FILTER = { ...PRODUCT_STATUS, all: undefined } as const;
const unix = (d: Date | null) => (d ? toUnixSeconds(d.getTime()) : null);

/** The copy-trade calls: the products, their detail, follow, redeem, the user's orders; the back office. */
export function copyTradeRoutes(kit: RouteKit, s: CopyTradeService, market: MarketDataProvider): void {
  kit.post(copyTradeApi.products, async (req) => {
    const rows = await s.list(req.body.type);
    return ok(pageOf(rows, req.body).map((v) => productWire(v, req.body.lang)));
  });
  kit.post(copyTradeApi.product, async (req) => {
    const x = await s.detail(currentUser(req).id, req.body.id, req.body.type);
    return ok(detailWire(x, market, req.body.lang));
  });
  kit.post(copyTradeApi.follow, async (req) => {
    const b = req.body;
    const r = await s.follow(
      currentUser(req),
      { productId: b.id, amount: b.money, market: b.type, fundPassword: b.password },
      req.idempotency,
    );
    return ok(
      {
        id: r.id,
        order_no: r.order_no,
        status: r.status,
        units: formatUnits(r.units),
        nav: formatUnits(r.nav),
      },
      'ok.followed',
    );
  });
  kit.post(copyTradeApi.redeem, async (req) => {
    const r = await s.redeem(currentUser(req).id, req.body.id, req.body.type, req.idempotency);
    return ok({ id: r.id, refund: formatUnits(r.refund) }, 'ok.redeemed');
  });
  kit.post(copyTradeApi.orders, async (req) => {
    const rows = await s.orders(currentUser(req).id, req.body.type);
    return ok(pageOf(rows, req.body).map((r) => orderWire(r, req.body.lang)));
  });
}

/** The back office's products: create, edit, rebalance; the rebalances and the stakes. */
export function copyTradeAdminRoutes(adminKit: AdminRouteKit, s: CopyTradeService): void {
  const terms = (b: {
    name_jp: string;
    name_cn: string;
    name_us: string;
    issuer: string;
    target_bp: number;
    minimum: bigint;
    capacity: bigint;
    lock_days: number;
    deadline: Date;
    ends: Date;
  }) => ({
    names: { jp: b.name_jp, cn: b.name_cn, us: b.name_us },
    issuer: b.issuer,
    targetBp: b.target_bp,
    minimum: b.minimum,
    capacity: b.capacity,
    lockDays: b.lock_days,
    deadline: b.deadline,
    ends: b.ends,
  });
  const weights = (c: { symbol: string; weight_bp: number }[]) =>
    c.map((w) => ({ symbol: w.symbol.toUpperCase(), weightBp: w.weight_bp }));

  adminKit.post(copyTradeApi.adminProducts, 'reviewer', async (req) => {
    const { views, total } = await s.admin.products({
      status: PRODUCT_FILTER[req.body.status],
      page: req.body.page,
      size: req.body.size,
    });
    return ok({
      list: views.map((v) => ({
        id: String(v.product.id),
        market: v.product.market,
        name_jp: v.product.name_jp,
        name_cn: v.product.name_cn,
        name_us: v.product.name_us,
        issuer: v.product.issuer,
        target_bp: v.product.target_bp,
        minimum: formatUnits(v.product.minimum),
        capacity: formatUnits(v.product.capacity),
        raised: formatUnits(v.product.raised),
        lock_days: v.product.lock_days,
        inception: v.product.inception,
        deadline: v.product.deadline_at.toISOString(),
        ends_at: v.product.ends_at.toISOString(),
        nav: formatUnits(v.nav),
        status: v.product.status,
        constituents: v.constituents.map((c) => ({ symbol: c.symbol, weight_bp: c.weight_bp })),
      })),
      total,
    });
  });
  adminKit.post(copyTradeApi.adminCreateProduct, 'operator', async (req, op) => {
    const p = await s.admin.create(op, req.body.market, terms(req.body), weights(req.body.constituents));
    return ok({ id: String(p.id) }, 'ok.changed');
  });
  adminKit.post(copyTradeApi.adminEditProduct, 'operator', async (req, op) => {
    await s.admin.edit(op, req.body.id, terms(req.body), req.body.listed);
    return ok(null, 'ok.changed');
  });
  adminKit.post(copyTradeApi.adminRebalance, 'operator', async (req, op) => {
    const r = await s.admin.rebalance(op, req.body.id, weights(req.body.constituents), req.body.reason);
    return ok({ nav: formatUnits(r.nav) }, 'ok.changed');
  });
  adminKit.post(copyTradeApi.adminRebalances, 'reviewer', async (req) => {
    const { rows, total } = await s.admin.rebalances(req.body.id, req.body.page, req.body.size);
    return ok({
      list: rows.map((r) => ({
        id: String(r.id),
        operator: r.username ?? '',
        reason: r.reason,
        nav: formatUnits(r.nav),
        before: r.before,
        after: r.after,
        create_time: unix(r.created_at),
      })),
      total,
    });
  });
  adminKit.post(copyTradeApi.adminStakes, 'reviewer', async (req) => {
    const b = req.body;
    const { rows, total } = await s.admin.stakes({
      product_id: b.product_id,
      status: b.status,
      account: b.account || undefined,
      page: b.page,
      size: b.size,
    });
    return ok({
      list: rows.map((r) => ({
        id: String(r.id),
        order_no: r.order_no,
        product_id: String(r.product_id),
        product: nameIn(r, b.lang),
        user_id: String(r.user_id),
        account: r.account,
        market: r.market,
        amount: formatUnits(r.amount),
        stake: formatUnits(r.stake),
        profit: formatUnits(r.profit),
        units: formatUnits(r.units),
        entry_nav: formatUnits(r.entry_nav),
        status: r.status,
        create_time: unix(r.created_at),
        lock_until: unix(r.lock_until),
        end_time: unix(r.ended_at),
      })),
      total,
    });
  });
}
