import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData, type RefData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';
import { LIST_ALL } from '../transport.ts';

export type BankCard = RefData<typeof endpoints.funds.cards>[number];

/** `/user/cardList`: the user's bank accounts, numbers masked. */
export const cardsQuery = () =>
  queryOptions({
    queryKey: [...scopes.money, 'cards'],
    queryFn: ({ signal }) => fetchData(endpoints.funds.cards, { size: LIST_ALL }, { signal }),
    staleTime: 0,
  });

export const useCards = () => useQuery(cardsQuery());
