import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsQuery } from '../../../lib/api/use-cards.ts';
import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/delbakcard {bankid}`: remove a bank account. */
export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => call(endpoints.funds.removeCard, { bankid: cardId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQuery().queryKey }),
  });
}
