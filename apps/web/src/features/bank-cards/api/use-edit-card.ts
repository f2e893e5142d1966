import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsQuery } from '../../../lib/api/use-cards.ts';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/editCard {bankid, …}`: change one of the user's bank accounts. */
export function useEditCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      cardId,
      ...card
    }: Omit<RefBody<typeof endpoints.funds.editCard>, 'bankid'> & { cardId: string }) =>
      call(endpoints.funds.editCard, { bankid: cardId, ...card }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQuery().queryKey }),
  });
}
