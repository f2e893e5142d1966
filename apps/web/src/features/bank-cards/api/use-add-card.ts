import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsQuery } from '../../../lib/api/use-cards.ts';
import { call, type RefBody } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/addCard`: a bank account in the verified name. */
export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefBody<typeof endpoints.funds.addCard>) => call(endpoints.funds.addCard, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQuery().queryKey }),
  });
}
