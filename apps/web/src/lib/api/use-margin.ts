import type { marginApi } from '@kabuto/contract';
import {
  type Currency,
  isCurrency,
  MARGIN_ASSETS,
  MARGIN_EXPERIENCE,
  MARGIN_INCOME,
  type MarginAssets,
  type MarginExperience,
  type MarginIncome,
} from '@kabuto/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData, type RefData } from '../api.ts';
import { ref } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';

/**
 * The margin account (信用取引口座): its state (My page, the positions' summary, the margin call banner,
 * the application screen) and the application. Kept out of the entry: the screens and the banner that
 * read it are loaded lazily.
 */
export const marginEndpoints = {
  account: ref<typeof marginApi.account>('/user/margin_account'),
  apply: ref<typeof marginApi.apply>('/user/margin_apply'),
};

type Wire = RefData<typeof marginEndpoints.account>;

export type MarginStatus = Wire['status'];
export { MARGIN_ASSETS, MARGIN_EXPERIENCE, MARGIN_INCOME };

/** One market's margin book (amounts decimal strings in the wallet's currency). */
export interface MarginBookView {
  currency: Currency;
  collateral: string;
  notional: string;
  pnl: string;
  /** Financing costs of the open margin positions accrued to date (interest, lending fee, 逆日歩). */
  financing: string;
  /** The maintenance ratio, percent with 2 decimals; null without margin positions. */
  ratio: string | null;
  positions: number;
}

/** A margin call (追証). */
export interface MarginCallView {
  id: string;
  currency: Currency;
  amount: string;
  ratio: string;
  /** Unix seconds. */
  deadline: number;
  status: 'open' | 'met' | 'closed';
}

export interface MarginAccount {
  status: MarginStatus;
  legacy: boolean;
  reason: string;
  /** The maintenance line and the emergency floor, percent. */
  line: string;
  emergency: string;
  minCollateral: string;
  books: MarginBookView[];
  calls: MarginCallView[];
}

const currencyOf = (type: string): Currency => (isCurrency(type) ? type : 'jpy');

export const marginFromWire = (w: Wire): MarginAccount => ({
  status: w.status,
  legacy: w.legacy === 1,
  reason: w.reason,
  line: w.line,
  emergency: w.emergency,
  minCollateral: w.min_collateral,
  books: w.books.map((b) => ({
    currency: currencyOf(b.type),
    collateral: b.collateral,
    notional: b.notional,
    pnl: b.pnl,
    financing: b.financing,
    ratio: b.ratio,
    positions: b.positions,
  })),
  calls: w.calls.map((c) => ({
    id: c.id,
    currency: currencyOf(c.type),
    amount: c.amount,
    ratio: c.ratio,
    deadline: c.deadline,
    status: c.status,
  })),
});

/** The open margin call of a market, if any. */
export const openCall = (a: MarginAccount | undefined, currency?: Currency): MarginCallView | undefined =>
  a?.calls.find((c) => c.status === 'open' && (currency === undefined || c.currency === currency));

/** A market's book, if it has margin positions. */
export const bookOf = (a: MarginAccount | undefined, currency: Currency): MarginBookView | undefined =>
  a?.books.find((b) => b.currency === currency);

/**
 * Refreshed with the user's balances (after an order, a deposit): the ratio moves with them. Read
 * quietly: the summaries and the banner show nothing without it, and a failure is no news to toast on
 * every screen.
 */
export const marginAccountQuery = () =>
  queryOptions({
    queryKey: [...scopes.user, 'margin'],
    queryFn: async ({ signal }) =>
      marginFromWire(await fetchData(marginEndpoints.account, { type: 'jpy' }, { signal, silent: true })),
    staleTime: 30_000,
  });

export const useMarginAccount = () => useQuery(marginAccountQuery());

export interface MarginApplication {
  experience: MarginExperience;
  assets: MarginAssets;
  income: MarginIncome;
  risks: boolean;
  agreement: boolean;
}

/** `/user/margin_apply`: the suitability answers and the agreement; the reply is the account's new state. */
export function useApplyMargin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: MarginApplication) =>
      call(marginEndpoints.apply, {
        experience: a.experience,
        assets: a.assets,
        income: a.income,
        risks: a.risks ? 1 : 0,
        agreement: a.agreement ? 1 : 0,
      }),
    onSuccess: (reply) => {
      if (reply.data) queryClient.setQueryData(marginAccountQuery().queryKey, marginFromWire(reply.data));
    },
  });
}
