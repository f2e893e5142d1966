import { newSharesApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import type { BodyIn } from '../../../lib/api.ts';
import { listQuery, useEndpointMutation } from '../../../lib/endpoint-queries.ts';

const SCOPE = ['admin', 'ipo'] as const;

/** POST /ipo/list: every offering with its commitment, and its seed and result once drawn. */
export const offeringsQuery = () =>
  listQuery([...SCOPE, 'offerings'], newSharesApi.adminOfferings, { page: 1, size: 200 });
export const useOfferings = () => useQuery(offeringsQuery());

/** POST /ipo/applications: applications filtered by offering, status, outcome, account. */
export const applicationsQuery = (params: BodyIn<typeof newSharesApi.adminApplications>) =>
  listQuery([...SCOPE, 'applications'], newSharesApi.adminApplications, params);
export const useApplications = (params: BodyIn<typeof newSharesApi.adminApplications>) =>
  useQuery(applicationsQuery(params));

/** The catalogue's actions: save (create or edit), price, cancel, draw. Each is audited by the server. */
export const useOfferingActions = () => ({
  save: useEndpointMutation(newSharesApi.adminOfferingSave, SCOPE),
  price: useEndpointMutation(newSharesApi.adminOfferingPrice, SCOPE),
  cancel: useEndpointMutation(newSharesApi.adminOfferingCancel, SCOPE),
  draw: useEndpointMutation(newSharesApi.adminOfferingDraw, SCOPE),
});
