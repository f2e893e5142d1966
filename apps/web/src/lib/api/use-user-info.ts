import { useQuery } from '@tanstack/react-query';
import { fetchData, isApiError } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { endSessionToLogin } from '../logout.ts';
import { storedMarket } from '../storage.ts';

export const userInfoKey = (market = storedMarket()) => ['user', 'info', market] as const;

/**
 * `/user/getUserinfo {type}`: the logged-in user. A refusal ends the session (spec §4).
 * `fresh`: screens that show balances ask again whenever they open (money may have moved meanwhile).
 */
export function useUserInfo({ fresh = false }: { fresh?: boolean } = {}) {
  const market = storedMarket();
  return useQuery({
    queryKey: userInfoKey(market),
    queryFn: async ({ signal }) => {
      try {
        return await fetchData(endpoints.account.getUserinfo, { type: market }, { signal });
      } catch (e) {
        if (isApiError(e) && e.kind === 'refusal') endSessionToLogin();
        throw e;
      }
    },
    ...(fresh ? { staleTime: 0 } : {}),
  });
}
