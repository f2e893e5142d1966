import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsQuery } from '../../../lib/api/use-cards.ts';
import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/delbakcard {bankid}`: remove a bank account. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bankid: string) => call(endpoints.funds.delbakcard, { bankid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQuery().queryKey }),
  });
}
