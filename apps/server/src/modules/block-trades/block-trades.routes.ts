import { blockTradesApi } from '@kabuto/contract';
import { formatUnits, parseUnits, toUnixSeconds, type Units } from '@kabuto/domain';
import { ok, pageOf } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { OFFERING_STATUS } from './block-trades.repo.ts';
import type { BlockTradesService } from './block-trades.service.ts';
import {
  afterMarketWire,
  allocationProofWire,
  offeringWire,
  subscriptionWire,
  wantsAfterMarket,
} from './block-trades.wire.ts';

const OFFERING_FILTER = { open: 0, allocated: 1, cancelled: 2, all: undefined } as const;
const SUBSCRIPTION_FILTER = { pending: 0, allocated: 1, refunded: 2, all: undefined } as const;

/** The block module's calls: the lists (the purchase is `/trade/buy_stock` is_qc=2, in the trading routes). */
export function blockTradesRoutes(kit: RouteKit, block: BlockTradesService): void {
  kit.post(blockTradesApi.offerings, async (req) => {
    const { type, lang } = req.body;
    if (wantsAfterMarket(req.body)) {
      const list = await block.afterMarketList(type);
      return ok(list.rows.map((r) => afterMarketWire(r.inst, r.quote, list.window, list.min, lang, list)));
    }
    const rows = await block.openOfferings(type);
    return ok(rows.map((r) => offeringWire(r.offering, r.inst, lang)));
  });
  kit.post(blockTradesApi.subscriptions, async (req) => {
    const rows = await block.subscriptions(currentUser(req).id, req.body.type);
    return ok(pageOf(rows, req.body).map((r) => subscriptionWire(r.subscription, r.inst, req.body.lang)));
  });
  kit.post(blockTradesApi.draw, async (req) =>
    ok(allocationProofWire(await block.drawProof(req.body.id, req.body.type))),
  );
}

/** The back office's offerings: create, edit, cancel, allocate; the subscriptions. */
export function blockTradesAdminRoutes(adminKit: AdminRouteKit, block: BlockTradesService): void {
  const price = (s: string) => parseUnits(s) as Units;
  adminKit.post(blockTradesApi.adminOfferings, 'operator', async (req) => {
    const { rows, total } = await block.offerings({
      status: OFFERING_FILTER[req.body.status],
      page: req.body.page,
      size: req.body.size,
    });
    return ok({
      list: rows.map((o) => ({
        id: String(o.id),
        market: o.market,
        symbol: o.symbol,
        price: formatUnits(o.price),
        shares: o.shares.toString(),
        subscribed: o.subscribed.toString(),
        allocated: o.allocated.toString(),
        password: o.password_hash !== null,
        start: toUnixSeconds(o.start_at.getTime()),
        end: toUnixSeconds(o.end_at.getTime()),
        status: o.status,
        commitment: o.commitment,
        seed: o.status === OFFERING_STATUS.allocated ? o.seed : '',
        allocated_at: o.allocated_at ? toUnixSeconds(o.allocated_at.getTime()) : null,
      })),
      total,
    });
  });
  adminKit.post(blockTradesApi.adminCreateOffering, 'operator', async (req, op) => {
    const b = req.body;
    const row = await block.create(op, {
      symbol: b.symbol,
      price: price(b.price),
      shares: b.shares,
      password: b.password || null,
      start: b.start,
      end: b.end,
    });
    return ok({ id: String(row.id), commitment: row.commitment }, 'ok.changed');
  });
  adminKit.post(blockTradesApi.adminEditOffering, 'operator', async (req, op) => {
    const b = req.body;
    await block.edit(op, b.id, {
      price: price(b.price),
      shares: b.shares,
      password: b.password === undefined ? undefined : b.password || null,
      start: b.start,
      end: b.end,
    });
    return ok(null, 'ok.changed');
  });
  adminKit.post(blockTradesApi.adminCancelOffering, 'operator', async (req, op) => {
    await block.cancel(op, req.body.id, req.body.reason);
    return ok(null, 'ok.cancelled');
  });
  adminKit.post(blockTradesApi.adminAllocate, 'operator', async (req, op) =>
    ok(await block.allocate(req.body.id, op), 'ok.allocated'),
  );
  adminKit.post(blockTradesApi.adminSubscriptions, 'operator', async (req) => {
    const b = req.body;
    const { rows, total } = await block.subscriptionsFor({
      offering_id: b.offering_id,
      status: SUBSCRIPTION_FILTER[b.status],
      account: b.account || undefined,
      page: b.page,
      size: b.size,
    });
    return ok({
      list: rows.map((s) => ({
        id: String(s.id),
        order_no: s.order_no,
        offering_id: String(s.offering_id),
        user_id: String(s.user_id),
        account: s.account,
        market: s.market,
        symbol: s.symbol,
        price: formatUnits(s.price),
        quantity: s.quantity.toString(),
        allocated: s.allocated.toString(),
        amount: formatUnits(s.amount),
        status: s.status,
        create_time: toUnixSeconds(s.created_at.getTime()),
        decide_time: s.decided_at ? toUnixSeconds(s.decided_at.getTime()) : null,
      })),
      total,
    });
  });
}
