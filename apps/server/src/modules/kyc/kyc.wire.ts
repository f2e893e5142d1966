import type { BodyOf, kycApi } from '@kabuto/contract';
import type { UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { KycInput, KycService } from './kyc.service.ts';

/** The KYC area's contract names to and from the service's English ones. */
export const kycInput = (b: BodyOf<typeof kycApi.submit>): KycInput => ({
  realname: b.realname,
  idNumber: b.id_card,
  frontUpload: b.frontcard,
  backUpload: b.backcard,
});

/** The `kyc` section of the back office's user page (`realname`, the full `id_card`). */
export const kycUserDetail =
  (kyc: Pick<KycService, 'userDetail'>): UserDetailContributor =>
  async (userId, ctx) => ({
    kyc: (await kyc.userDetail(userId, ctx)).map((r) => ({
      id: r.id,
      realname: r.realName,
      id_card: r.idNumber,
      status: r.status,
      reason: r.reason,
      front_url: r.frontUrl,
      back_url: r.backUrl,
      create_time: r.createdAt,
      decide_time: r.decidedAt,
    })),
  });
