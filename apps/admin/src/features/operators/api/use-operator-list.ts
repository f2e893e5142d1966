import { adminApi } from '@kabuto/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** POST /operators/list (admin only). */
export const operatorListQuery = () =>
  queryOptions({
    queryKey: ['admin', 'operators'],
    queryFn: ({ signal }) => call(adminApi.operatorList, {}, { signal }),
  });

export const useOperatorList = () => useQuery(operatorListQuery());
