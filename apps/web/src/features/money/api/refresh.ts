import type { QueryClient } from '@tanstack/react-query';
import { noticesKey } from '../../../lib/api/use-notices.ts';
import { moneyKeys } from './keys.ts';

/** After money moved (or a request was filed): balances, lists and messages are asked for again. */
export function refreshMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user', 'info'] }),
    queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
    queryClient.invalidateQueries({ queryKey: noticesKey }),
  ]);
}
