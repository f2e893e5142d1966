import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { onSessionEnd } from './session.ts';

/** Server state cache for the screens behind the splash. Refusals are answers, not glitches: no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !isApiError(error) && failures < 2,
    },
    mutations: { retry: false },
  },
});

onSessionEnd(() => queryClient.clear());
