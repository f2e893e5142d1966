import type { stockLendingApi } from '@kabuto/contract';
import type { Market } from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, fetchData, type RefData } from '../api.ts';
import type { EndpointRef } from '../endpoints.ts';
import { decimalText } from '../format.ts';
import { moneyCaller } from '../idempotency.ts';
import { showMsg } from '../messages.ts';
import { scopes } from '../query-scopes.ts';
import { refreshMoney, refreshPositions } from './refresh.ts';

/**
 * Stock lending's calls, shared by the lending screen and the position detail (lend / recall there):
 * the lendable holdings with their rate, the records, lending and recalling. The wire's names are read
 * here, once.
 */

/**
 * The lending calls, kept out of lib/endpoints.ts (part of the first screen) since only these screens use
 * them; lending.test.ts checks them against the contract.
 */
export const stockLendingEndpoints = {
  lendable: { path: '/trade/lendlist' } as EndpointRef<typeof stockLendingApi.lendable>,
  lend: { path: '/trade/lend_stock' } as EndpointRef<typeof stockLendingApi.lend>,
  recall: { path: '/trade/recall_stock' } as EndpointRef<typeof stockLendingApi.recall>,
  loans: { path: '/trade/userlendlist' } as EndpointRef<typeof stockLendingApi.loans>,
};
const endpoints = { stockLending: stockLendingEndpoints };

type WireLendable = RefData<typeof endpoints.stockLending.lendable>[number];
type WireRecord = RefData<typeof endpoints.stockLending.loans>[number];

/** A fully paid long holding that can be lent (or is lent). */
export interface Lendable {
  positionId: string;
  name: string;
  symbol: string;
  market: string;
  shares: string;
  price: string;
  value: string;
  /** Annual rate, percent ("0.10"). */
  rate: string;
  lent: boolean;
  /** The open loan's id while lent, "" otherwise. */
  loanId: string;
}

/** A loan of shares: 0 lent, 1 recalled. */
export interface LendRecord {
  id: string;
  positionId: string;
  name: string;
  symbol: string;
  market: string;
  shares: string;
  rate: string;
  accrued: string;
  paid: string;
  status: number;
  /** "user", "sell" or "". */
  recallReason: string;
  accruedThrough: string;
  createdAt: number;
  recalledAt: number | null;
}

const lendableOf = (w: WireLendable): Lendable => ({
  positionId: w.id,
  name: w.stock_name,
  symbol: w.stock_code,
  market: w.market,
  shares: w.stock_num,
  price: decimalText(w.nowprice),
  value: decimalText(w.value),
  rate: w.rate,
  lent: w.lent === 1,
  loanId: w.lend_id,
});

const recordOf = (w: WireRecord): LendRecord => ({
  id: w.id,
  positionId: w.position_id,
  name: w.stock_name,
  symbol: w.stock_code,
  market: w.market,
  shares: w.stock_num,
  rate: w.rate,
  accrued: w.accrued,
  paid: w.paid,
  status: w.status,
  recallReason: w.recall_reason,
  accruedThrough: w.accrued_through,
  createdAt: w.create_time,
  recalledAt: w.recall_time,
});

/** `/trade/lendlist {type}`: the lendable holdings of a market with their annual rate. */
export const lendableQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'lendable', market],
    queryFn: async ({ signal }) =>
      (await fetchData(endpoints.stockLending.lendable, { type: market }, { signal })).map(lendableOf),
    staleTime: 0,
  });
export const useLendable = (market: Market, enabled = true) =>
  useQuery({ ...lendableQuery(market), enabled });

/** `/trade/userlendlist {type}`: the loans of a market, newest first. */
export const lendRecordsQuery = (market: Market) =>
  queryOptions({
    queryKey: [...scopes.positions, 'lend-records', market],
    queryFn: async ({ signal }) =>
      (await fetchData(endpoints.stockLending.loans, { type: market }, { signal })).map(recordOf),
    staleTime: 0,
  });
export const useLendRecords = (market: Market, enabled = true) =>
  useQuery({ ...lendRecordsQuery(market), enabled });

/** Lend a holding (its position id) and recall a loan (its id); the lists, positions and balances refresh. */
export function useLendingActions(market: Market) {
  const qc = useQueryClient();
  const recallCall = useMemo(() => moneyCaller(endpoints.stockLending.recall), []);
  const after = async (msg: string) => {
    showMsg(msg);
    await Promise.all([refreshPositions(qc), refreshMoney(qc)]);
  };
  const lend = useMutation({
    mutationFn: (positionId: string) => call(endpoints.stockLending.lend, { id: positionId, type: market }),
    onSuccess: (r) => after(r.code ?? 'ok.lent'),
  });
  const recall = useMutation({
    mutationFn: (loanId: string) => recallCall({ id: loanId, type: market }),
    onSuccess: (r) => after(r.code ?? 'ok.recalled'),
  });
  return { lend, recall };
}
