import { blockApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import type { BodyIn } from '../../../lib/api.ts';
import { listQuery, useEndpointMutation } from '../../../lib/endpoint-queries.ts';

const SCOPE = ['admin', 'block'] as const;

/** POST /block/offerings: block offerings, newest first (the seed once allocated). */
export const offeringsQuery = (params: BodyIn<typeof blockApi.adminOfferings>) =>
  listQuery([...SCOPE, 'offerings'], blockApi.adminOfferings, params);
export const useOfferings = (params: BodyIn<typeof blockApi.adminOfferings>) =>
  useQuery(offeringsQuery(params));

/** POST /block/subscriptions: subscriptions filtered by offering, status or account. */
export const subscriptionsQuery = (params: BodyIn<typeof blockApi.adminSubscriptions>) =>
  listQuery([...SCOPE, 'subscriptions'], blockApi.adminSubscriptions, params);
export const useSubscriptions = (params: BodyIn<typeof blockApi.adminSubscriptions>) =>
  useQuery(subscriptionsQuery(params));

/** The block actions (create, edit, cancel, allocate); every one is audited by the server. */
export const useBlockAction = () => ({
  create: useEndpointMutation(blockApi.adminCreateOffering, SCOPE),
  edit: useEndpointMutation(blockApi.adminEditOffering, SCOPE),
  cancel: useEndpointMutation(blockApi.adminCancelOffering, SCOPE),
  allocate: useEndpointMutation(blockApi.adminAllocate, SCOPE),
});
