import { taxApi } from '@kabuto/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /tax/account: one user's tax account type, NISA and this year's figures. */
export const taxAccountQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'user', id, 'tax'],
    queryFn: ({ signal }) => call(taxApi.adminGet, { id }, { signal }),
  });

export const useTaxAccount = (id: string) => useQuery(taxAccountQuery(id));

/** POST /tax/setAccount: override the account type and NISA, with a reason (audited). */
export function useSetTaxAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof taxApi.adminSet>) => call(taxApi.adminSet, body),
    onSuccess: (_d, body) => qc.invalidateQueries({ queryKey: taxAccountQuery(String(body.id)).queryKey }),
  });
}
