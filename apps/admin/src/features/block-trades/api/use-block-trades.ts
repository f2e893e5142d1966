import { blockTradesApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import type { BodyIn } from '../../../lib/api.ts';
import { listQuery, useEndpointMutation } from '../../../lib/endpoint-queries.ts';

const SCOPE = ['admin', 'block'] as const;

/** POST /block/offerings: block offerings, newest first (the seed once allocated). */
export const offeringsQuery = (params: BodyIn<typeof blockTradesApi.adminOfferings>) =>
  listQuery([...SCOPE, 'offerings'], blockTradesApi.adminOfferings, params);
export const useOfferings = (params: BodyIn<typeof blockTradesApi.adminOfferings>) =>
  useQuery(offeringsQuery(params));

/** POST /block/subscriptions: subscriptions filtered by offering, status or account. */
export const subscriptionsQuery = (params: BodyIn<typeof blockTradesApi.adminSubscriptions>) =>
  listQuery([...SCOPE, 'subscriptions'], blockTradesApi.adminSubscriptions, params);
export const useSubscriptions = (params: BodyIn<typeof blockTradesApi.adminSubscriptions>) =>
  useQuery(subscriptionsQuery(params));

/** The block actions (create, edit, cancel, allocate); every one is audited by the server. */
export const useBlockAction = () => ({
  create: useEndpointMutation(blockTradesApi.adminCreateOffering, SCOPE),
  edit: useEndpointMutation(blockTradesApi.adminEditOffering, SCOPE),
  cancel: useEndpointMutation(blockTradesApi.adminCancelOffering, SCOPE),
  allocate: useEndpointMutation(blockTradesApi.adminAllocate, SCOPE),
});
