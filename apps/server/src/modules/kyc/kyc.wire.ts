import type { BodyOf, fundsApi } from '@kabuto/contract';
import type { KycInput } from './kyc.service.ts';

/** The KYC area's contract names to the service's English ones. */
export const kycInput = (b: BodyOf<typeof fundsApi.shiming>): KycInput => ({
  realname: b.realname,
  idNumber: b.id_card,
  frontUpload: b.frontcard,
  backUpload: b.backcard,
});
