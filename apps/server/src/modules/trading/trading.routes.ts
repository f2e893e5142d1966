import { dayTradingApi, tradingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { refuse } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import type { AmendService } from './amend.service.ts';
import type { ExitsService } from './exits.service.ts';
import type { OrdersService } from './orders.service.ts';
import type { PositionsService } from './positions.service.ts';
import type { OperationKey, Trader } from './trading.deps.ts';
import {
  type BlockSubscription,
  buyRequest,
  closedListWire,
  exitRequestOf,
  exitWire,
  openListWire,
  positionKindFilter,
  positionWire,
  soldWire,
  wireQuantity,
} from './trading.wire.ts';

/** The block module's desk: a block purchase (`is_qc=2`) off `/trade/buy_stock`. */
export interface BlockDesk {
  subscribe(
    user: Trader,
    input: BlockSubscription,
    key?: OperationKey,
  ): Promise<{ id: string; order_no: string; status: number }>;
}

/** The day-trading module's desk: a day-trade order (`dz_type=3`) off `/trade/buy_stock`. */
export interface DayTradeDesk {
  buy(
    user: Trader,
    input: {
      symbol: string;
      quantity: bigint;
      leverage: number;
      direction: 1 | 2;
      orderType: 1 | 2;
      market?: Market;
    },
    key?: OperationKey,
  ): Promise<{ id: string; order_no: string; status: number }>;
}

/** The desks other modules join to the trading module (read at each order). */
export interface Desks {
  block?: BlockDesk;
  dayTrade?: DayTradeDesk;
}

export function tradingRoutes(
  kit: RouteKit,
  orders: OrdersService,
  positions: PositionsService,
  desks: Desks,
  /** Exit orders (stop, trailing, OCO; the order inquiry). */
  exits?: ExitsService,
  /** Amending a pending order (訂正). */
  amends?: AmendService,
): void {
  kit.post(tradingApi.buy, async (req) => {
    const request = buyRequest(req.body);
    const { block, dayTrade } = desks;
    if ('block' in request) {
      if (!block) throw new Error('no block desk joined the trading module');
      return ok(await block.subscribe(currentUser(req), request.block, req.idempotency), 'ok.subscribed');
    }
    if (dayTrade && dayTradingApi.isDayTradeBuy(req.body)) {
      // a day trade is never NISA
      if (request.order.nisa) refuse('tax.nisaCashOnly');
      return ok(await dayTrade.buy(currentUser(req), request.order, req.idempotency), 'ok.bought');
    }
    const data = await orders.buy(currentUser(req), request.order, req.idempotency);
    return ok(data, 'ok.bought');
  });
  kit.post(tradingApi.sell, async (req) =>
    ok(
      soldWire(
        await positions.sell(
          currentUser(req).id,
          req.body.id,
          req.idempotency,
          req.body.type,
          wireQuantity(req.body),
        ),
      ),
      'ok.sold',
    ),
  );
  kit.post(tradingApi.cancel, async (req) => {
    await positions.cancel(currentUser(req).id, req.body.id, req.idempotency);
    return ok(null, 'ok.cancelled');
  });
  if (amends)
    kit.post(tradingApi.amend, async (req) => {
      const b = req.body;
      await amends.amend(
        currentUser(req).id,
        b.id,
        { limitPrice: b.buy_price, quantity: wireQuantity(b) },
        req.idempotency,
      );
      return ok(null, 'ok.changed');
    });
  kit.post(tradingApi.position, async (req) =>
    ok(positionWire(await positions.position(currentUser(req).id, req.body.id), req.body.lang)),
  );
  kit.post(tradingApi.openPositions, async (req) =>
    ok(
      openListWire(
        await positions.openPositions(currentUser(req).id, req.body.type),
        req.body.lang,
        positionKindFilter(req.body),
      ),
    ),
  );
  kit.post(tradingApi.closedPositions, async (req) =>
    ok(closedListWire(await positions.closedPositions(currentUser(req).id, req.body.type), req.body.lang)),
  );
  if (!exits) return;
  kit.post(tradingApi.exitOrder, async (req) => {
    const b = req.body;
    const request = exitRequestOf(
      b.kind,
      { limit: b.limit_price, stop: b.stop_price, trail: b.trail, trailPct: b.trail_pct },
      wireQuantity(b),
    );
    return ok({ ids: await exits.place(currentUser(req).id, b.id, request, req.idempotency) });
  });
  kit.post(tradingApi.exitCancel, async (req) => {
    await exits.cancel(currentUser(req).id, req.body.id, req.idempotency);
    return ok(null, 'ok.cancelled');
  });
  kit.post(tradingApi.exitAmend, async (req) => {
    const b = req.body;
    await exits.amend(
      currentUser(req).id,
      b.id,
      { limitPrice: b.limit_price, stopPrice: b.stop_price, quantity: wireQuantity(b) },
      req.idempotency,
    );
    return ok(null);
  });
  kit.post(tradingApi.exitOrders, async (req) => {
    const rows = await exits.list(currentUser(req).id, req.body.type);
    return ok({
      list: rows.map((e) => exitWire(e, exits.name(e.symbol, req.body.lang), exits.levelOf(e))),
    });
  });
}
