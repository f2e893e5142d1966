import type { taxApi } from '@kabuto/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fetchData, type RefData } from '../../../lib/api.ts';
import type { EndpointRef } from '../../../lib/endpoints.ts';
import { scopes } from '../../../lib/query-scopes.ts';

/** The tax account calls (kept with the tax page, out of the first screen's code). */
export const taxEndpoints = {
  account: { path: '/user/tax_account' } as EndpointRef<typeof taxApi.account>,
  choose: { path: '/user/tax_account_set' } as EndpointRef<typeof taxApi.choose>,
};
type Wire = RefData<typeof taxEndpoints.account>;

export type TaxKind = Wire['kind'];
export const TAX_KINDS: readonly TaxKind[] = ['withholding', 'no_withholding', 'general'];

/** The user's tax account type, NISA and this year's figures (yen, decimal strings). */
export interface TaxAccount {
  kind: TaxKind;
  nisa: boolean;
  year: number;
  canChoose: boolean;
  netGain: string;
  withheldNational: string;
  withheldLocal: string;
  nisaYearUsed: string;
  nisaYearLimit: string;
  nisaLifetimeUsed: string;
  nisaLifetimeLimit: string;
}

const fromWire = (w: Wire): TaxAccount => ({
  kind: w.kind,
  nisa: w.nisa === 1,
  year: w.year,
  canChoose: w.can_choose === 1,
  netGain: w.net_gain,
  withheldNational: w.withheld_national,
  withheldLocal: w.withheld_local,
  nisaYearUsed: w.nisa_year_used,
  nisaYearLimit: w.nisa_year_limit,
  nisaLifetimeUsed: w.nisa_lifetime_used,
  nisaLifetimeLimit: w.nisa_lifetime_limit,
});

export const taxAccountQuery = () =>
  queryOptions({
    queryKey: [...scopes.money, 'tax'],
    queryFn: async ({ signal }) => fromWire(await fetchData(taxEndpoints.account, {}, { signal })),
    staleTime: 0,
  });

export const useTaxAccount = () => useQuery(taxAccountQuery());

/** `/user/tax_account_set {kind, nisa}`: this year's account type (once a year) and NISA. */
export function useChooseTaxAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: TaxKind; nisa: boolean }) =>
      call(taxEndpoints.choose, { kind: v.kind, nisa: v.nisa ? 1 : 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxAccountQuery().queryKey }),
  });
}
