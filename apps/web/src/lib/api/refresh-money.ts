import type { QueryClient } from '@tanstack/react-query';
import { moneyKeys } from './money-keys.ts';
import { noticesKey } from './use-notices.ts';

/** After money moved (or a request was filed): balances, lists and messages are asked for again. */
export function refreshMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user', 'info'] }),
    queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
    queryClient.invalidateQueries({ queryKey: noticesKey }),
  ]);
}
