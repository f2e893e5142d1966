import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';

export const publicConfigKey = ['config', 'public'] as const;

/** `/common/config` with no body: the public name/value settings, e.g. `kefu` (customer service). */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: async ({ signal }) => {
      const list = await fetchData(endpoints.content.config, {}, { signal, silent: true });
      return Object.fromEntries(list.map(({ name, value }) => [name, value])) as Record<string, string>;
    },
    staleTime: 5 * 60_000,
  });
}
