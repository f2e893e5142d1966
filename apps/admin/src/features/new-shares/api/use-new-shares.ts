import { adminApi } from '@kabuto/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyIn, call } from '../../../lib/api.ts';

/** POST /ipo/list: every offering with its commitment, and its seed and result once drawn. */
export const offeringsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'ipo', 'offerings'],
    queryFn: ({ signal }) => call(adminApi.adminOfferings, { page: 1, size: 200 }, { signal }),
  });
export const useOfferings = () => useQuery(offeringsQuery());

/** POST /ipo/applications: applications filtered by offering, status, outcome, account. */
export const applicationsQuery = (params: BodyIn<typeof adminApi.adminApplications>) =>
  queryOptions({
    queryKey: ['admin', 'ipo', 'applications', params],
    queryFn: ({ signal }) => call(adminApi.adminApplications, params, { signal }),
    placeholderData: keepPreviousData,
  });
export const useApplications = (params: BodyIn<typeof adminApi.adminApplications>) =>
  useQuery(applicationsQuery(params));

/** The catalogue's actions: save (create or edit), price, cancel, draw. Each is audited by the server. */
export function useOfferingActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin', 'ipo'] });
  return {
    save: useMutation({
      mutationFn: (b: BodyIn<typeof adminApi.adminOfferingSave>) => call(adminApi.adminOfferingSave, b),
      onSuccess: done,
    }),
    price: useMutation({
      mutationFn: (b: BodyIn<typeof adminApi.adminOfferingPrice>) => call(adminApi.adminOfferingPrice, b),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (b: BodyIn<typeof adminApi.adminOfferingCancel>) => call(adminApi.adminOfferingCancel, b),
      onSuccess: done,
    }),
    draw: useMutation({
      mutationFn: (b: BodyIn<typeof adminApi.adminOfferingDraw>) => call(adminApi.adminOfferingDraw, b),
      onSuccess: done,
    }),
  };
}
