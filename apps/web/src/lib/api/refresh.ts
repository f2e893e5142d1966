import type { QueryClient } from '@tanstack/react-query';
import { scopes } from '../query-scopes.ts';

/** After money moved (or a request was filed): balances, lists and messages are asked for again. */
export function refreshMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: scopes.user }),
    queryClient.invalidateQueries({ queryKey: scopes.money }),
    queryClient.invalidateQueries({ queryKey: scopes.notices }),
  ]);
}

/** After an order, a close or a cancel: the positions of every market and the balances. */
export function refreshPositions(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: scopes.positions }),
    queryClient.invalidateQueries({ queryKey: scopes.user }),
  ]);
}
