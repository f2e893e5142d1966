import type { tradingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { refreshPositions } from '../../../lib/api/refresh.ts';
import { fetchData } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { moneyCaller } from '../../../lib/idempotency.ts';
import { showMsg } from '../../../lib/messages.ts';
import { orderBookEndpoints } from '../../../lib/product-endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { POLL_MS, useStreamUp } from '../../../lib/quote-stream.ts';

type ExitRow = z.infer<typeof tradingApi.exitRow>;
export type ExitStatus = ExitRow['status'];

/** An exit order as the order inquiry (注文照会) shows it. Prices are decimal strings, "" when none. */
export interface ExitOrder {
  id: string;
  positionId: string;
  code: string;
  name: string;
  /** The position's side: 1 long (the exit sells), 2 short (it buys to cover). */
  side: number;
  kind: ExitRow['kind'];
  /** Shares it closes; "" for the whole position. */
  quantity: string;
  limitPrice: string;
  stopPrice: string;
  /** The price it triggers at now. */
  level: string;
  status: ExitStatus;
  /** The other leg of its OCO pair, "". */
  ocoWith: string;
  fillPrice: string;
  createdAt: number;
  firedAt: number | null;
}

const exitFromWire = (w: ExitRow): ExitOrder => ({
  id: w.id,
  positionId: w.position_id,
  code: w.stock_code,
  name: w.stock_name,
  side: w.side,
  kind: w.kind,
  quantity: w.zhang,
  limitPrice: w.limit_price,
  stopPrice: w.stop_price,
  level: w.level,
  status: w.status,
  ocoWith: w.oco_with,
  fillPrice: w.fill_price,
  createdAt: w.created_at,
  firedAt: w.fired_at,
});

/** An exit that can still be cancelled (and, but for a triggered stop-limit, amended). */
export const isLiveExit = (e: Pick<ExitOrder, 'status'>) =>
  e.status === 'waiting' || e.status === 'working' || e.status === 'triggered';

/** `/trade/exit_orders {type}`: the user's exit orders of a market, newest first. */
export const exitOrdersQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'exits', market],
    queryFn: async ({ signal }) =>
      (
        await fetchData(
          orderBookEndpoints.exitOrders,
          { type: market, lang: currentLanguage() as 'jp' | 'cn' | 'us' },
          { signal },
        )
      ).list.map(exitFromWire),
  });

export function useExitOrders(market: Market, enabled = true) {
  const live = useStreamUp();
  // a trigger fires on the server: look again now and then
  return useQuery({ ...exitOrdersQuery(market), enabled, refetchInterval: live ? 5_000 : POLL_MS });
}

/** What an exit order is placed with (the wire's decimal strings). */
export interface ExitPlacement {
  positionId: string;
  kind: 'limit' | 'stop' | 'stop_limit' | 'trail' | 'oco';
  quantity?: string;
  limit?: string;
  stop?: string;
  trail?: string;
  trailPct?: string;
}

/** Place, amend and cancel exit orders; the positions and the order inquiry are asked for again after. */
export function useExitActions(market: Market) {
  const qc = useQueryClient();
  const send = useMemo(
    () => ({
      place: moneyCaller(orderBookEndpoints.exitOrder),
      amend: moneyCaller(orderBookEndpoints.exitAmend),
      cancel: moneyCaller(orderBookEndpoints.exitCancel),
    }),
    [],
  );
  const after = async (msg: string) => {
    showMsg(msg);
    await refreshPositions(qc);
  };
  const place = useMutation({
    mutationFn: (p: ExitPlacement) =>
      send.place({
        id: p.positionId,
        type: market,
        kind: p.kind,
        ...(p.quantity ? { zhang: p.quantity } : {}),
        ...(p.limit ? { limit_price: p.limit } : {}),
        ...(p.stop ? { stop_price: p.stop } : {}),
        ...(p.trail ? { trail: p.trail } : {}),
        ...(p.trailPct ? { trail_pct: p.trailPct } : {}),
      }),
    onSuccess: (r) => after(r.code ?? 'ok.submitted'),
  });
  const amend = useMutation({
    mutationFn: (a: { id: string; limit?: string; stop?: string; quantity?: string }) =>
      send.amend({
        id: a.id,
        type: market,
        ...(a.limit ? { limit_price: a.limit } : {}),
        ...(a.stop ? { stop_price: a.stop } : {}),
        ...(a.quantity ? { zhang: a.quantity } : {}),
      }),
    onSuccess: (r) => after(r.code ?? 'ok.changed'),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => send.cancel({ id, type: market }),
    onSuccess: (r) => after(r.code ?? 'ok.cancelled'),
  });
  return { place, amend, cancel };
}

/** 訂正 of a pending order (`/trade/amend_stock`): its limit price and quantity. */
export function useAmendOrder(market: Market) {
  const qc = useQueryClient();
  const send = useMemo(() => moneyCaller(orderBookEndpoints.amend), []);
  return useMutation({
    mutationFn: (a: { id: string; limit?: string; quantity?: string }) =>
      send({
        id: a.id,
        type: market,
        ...(a.limit ? { buy_price: a.limit } : {}),
        ...(a.quantity ? { zhang: a.quantity } : {}),
      }),
    onSuccess: async (r) => {
      showMsg(r.code ?? 'ok.changed');
      await refreshPositions(qc);
    },
  });
}
