import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** POST /config/list: every setting with its value, default and description. */
export const configListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'config'],
    queryFn: ({ signal }) => call(adminApi.configList, {}, { signal }),
  });

export const useConfigList = () => useQuery(configListQuery());
