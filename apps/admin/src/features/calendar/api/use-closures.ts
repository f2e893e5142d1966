import { adminApi } from '@kabuto/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /calendar/closures: the operators' closures of one market, or all. */
export const closuresQuery = (market: BodyIn<typeof adminApi.closureList>['market']) =>
  queryOptions({
    queryKey: ['admin', 'calendar', 'closures', market ?? 'all'],
    queryFn: ({ signal }) => call(adminApi.closureList, market ? { market } : {}, { signal }),
  });
export const useClosures = (market: BodyIn<typeof adminApi.closureList>['market']) =>
  useQuery(closuresQuery(market));

/** POST /calendar/closureAdd: a holiday or half day, with a reason (audited by the server). */
export function useAddClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BodyIn<typeof adminApi.closureAdd>) => call(adminApi.closureAdd, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'calendar'] }),
  });
}

/** POST /calendar/closureRemove: the day trades again as the tables say. */
export function useRemoveClosure() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BodyIn<typeof adminApi.closureRemove>) => call(adminApi.closureRemove, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'calendar'] }),
  });
}
