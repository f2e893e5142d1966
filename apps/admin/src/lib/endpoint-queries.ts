import type { Endpoint } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from './api.ts';

/**
 * A list read from one back-office endpoint, cached under `scope` and its filters; the previous page
 * stays on screen while the next one loads.
 */
export const listQuery = <E extends Endpoint>(scope: readonly unknown[], endpoint: E, params: BodyIn<E>) =>
  queryOptions({
    queryKey: [...scope, params],
    queryFn: ({ signal }) => call(endpoint, params, { signal }),
    placeholderData: keepPreviousData,
  });

/** An operator action on one endpoint; on success every query under `scope` is read again. */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, scope: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<E>) => call(endpoint, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: scope }),
  });
}
