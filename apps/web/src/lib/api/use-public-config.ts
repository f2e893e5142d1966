import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { scopes } from '../query-scopes.ts';

/** `/common/config` with no body: the public name/value settings, e.g. `kefu` (customer service). */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: [...scopes.content, 'config'],
    queryFn: async ({ signal }) => {
      const list = await fetchData(endpoints.content.config, {}, { signal, silent: true });
      return Object.fromEntries(list.map(({ name, value }) => [name, value])) as Record<string, string>;
    },
    staleTime: 5 * 60_000,
  });

export const usePublicConfig = () => useQuery(publicConfigQuery());
