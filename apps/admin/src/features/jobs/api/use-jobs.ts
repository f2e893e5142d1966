import { adminApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /jobs/list: the background jobs' runs, latest change first; refreshed while a retry may move on. */
export const jobsQuery = (params: BodyIn<typeof adminApi.jobList>) =>
  queryOptions({
    queryKey: ['admin', 'jobs', params],
    queryFn: ({ signal }) => call(adminApi.jobList, params, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
export const useJobs = (params: BodyIn<typeof adminApi.jobList>) => useQuery(jobsQuery(params));

/** POST /jobs/rerun: a failed run again, with a reason (audited by the server). */
export function useRerunJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: BodyIn<typeof adminApi.jobRerun>) => call(adminApi.jobRerun, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'jobs'] }),
  });
}
