import { useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { moneyKeys } from './money-keys.ts';

export type BankCard = RefData<typeof endpoints.funds.cardList>[number];

/** `/user/cardList`: the user's bank accounts, numbers masked. */
export function useCards() {
  return useQuery({
    queryKey: moneyKeys.cards,
    queryFn: ({ signal }) => fetchData(endpoints.funds.cardList, {}, { signal }),
    staleTime: 0,
  });
}
