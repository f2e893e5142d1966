import { adminApi } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import type { BodyIn } from '../../../lib/api.ts';
import { listQuery, useEndpointMutation } from '../../../lib/endpoint-queries.ts';

const SCOPE = ['admin', 'ipo'] as const;

/** POST /ipo/list: every offering with its commitment, and its seed and result once drawn. */
export const offeringsQuery = () =>
  listQuery([...SCOPE, 'offerings'], adminApi.adminOfferings, { page: 1, size: 200 });
export const useOfferings = () => useQuery(offeringsQuery());

/** POST /ipo/applications: applications filtered by offering, status, outcome, account. */
export const applicationsQuery = (params: BodyIn<typeof adminApi.adminApplications>) =>
  listQuery([...SCOPE, 'applications'], adminApi.adminApplications, params);
export const useApplications = (params: BodyIn<typeof adminApi.adminApplications>) =>
  useQuery(applicationsQuery(params));

/** The catalogue's actions: save (create or edit), price, cancel, draw. Each is audited by the server. */
export const useOfferingActions = () => ({
  save: useEndpointMutation(adminApi.adminOfferingSave, SCOPE),
  price: useEndpointMutation(adminApi.adminOfferingPrice, SCOPE),
  cancel: useEndpointMutation(adminApi.adminOfferingCancel, SCOPE),
  draw: useEndpointMutation(adminApi.adminOfferingDraw, SCOPE),
});
