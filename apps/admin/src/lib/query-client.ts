import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';

/** Refusals, 401 and 403 are answers, not glitches: only network and HTTP failures are retried, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) => count < 1 && (!isApiError(error) || error.kind === 'network'),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
