import { blockApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /block/offerings: block offerings, newest first (the seed once allocated). */
export const offeringsQuery = (params: BodyIn<typeof blockApi.adminOfferings>) =>
  queryOptions({
    queryKey: ['admin', 'block', 'offerings', params],
    queryFn: ({ signal }) => call(blockApi.adminOfferings, params, { signal }),
    placeholderData: keepPreviousData,
  });
export const useOfferings = (params: BodyIn<typeof blockApi.adminOfferings>) =>
  useQuery(offeringsQuery(params));

/** POST /block/subscriptions: subscriptions filtered by offering, status or account. */
export const subscriptionsQuery = (params: BodyIn<typeof blockApi.adminSubscriptions>) =>
  queryOptions({
    queryKey: ['admin', 'block', 'subscriptions', params],
    queryFn: ({ signal }) => call(blockApi.adminSubscriptions, params, { signal }),
    placeholderData: keepPreviousData,
  });
export const useSubscriptions = (params: BodyIn<typeof blockApi.adminSubscriptions>) =>
  useQuery(subscriptionsQuery(params));

/** The block actions (create, edit, cancel, allocate); every one is audited by the server. */
export function useBlockAction() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin', 'block'] });
  return {
    create: useMutation({
      mutationFn: (b: BodyIn<typeof blockApi.adminCreateOffering>) => call(blockApi.adminCreateOffering, b),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (b: BodyIn<typeof blockApi.adminEditOffering>) => call(blockApi.adminEditOffering, b),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (b: BodyIn<typeof blockApi.adminCancelOffering>) => call(blockApi.adminCancelOffering, b),
      onSuccess: done,
    }),
    allocate: useMutation({
      mutationFn: (b: BodyIn<typeof blockApi.adminAllocate>) => call(blockApi.adminAllocate, b),
      onSuccess: done,
    }),
  };
}
