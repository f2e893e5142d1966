import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { authenticator } from '../../plugins/auth.ts';
import type { QueueCounter, UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { IdentityLookup, VerifiedSql } from '../../shared/identity.ts';
import { purgeUploads } from '../../shared/uploads.ts';
import type { UserInfoContributor } from '../../shared/user-info.ts';
import type { Module } from '../module.ts';
import { kycAdminRoutes, kycRoutes } from './kyc.routes.ts';
import { kycService } from './kyc.service.ts';
import { kycUserDetail } from './kyc.wire.ts';

export interface KycOffers {
  /** A user's approved identity, or null. */
  identity: IdentityLookup;
  /** The same question as a boolean inside another module's SQL. */
  verifiedSql: VerifiedSql;
  userInfo: UserInfoContributor;
  pendingCount: QueueCounter;
  userDetail: UserDetailContributor;
}

/**
 * Identity verification and the uploads it sends. The upload read-back is a raw route (a signed URL
 * for `<img src>`, no headers), so the module needs the app and its authentication.
 */
export function kycModule(
  deps: Deps,
  needs: { app: FastifyInstance; authenticate: ReturnType<typeof authenticator> },
): Module<KycOffers> {
  const kyc = kycService(deps);
  return {
    name: 'kyc',
    offers: {
      identity: kyc.verifiedIdentity,
      verifiedSql: kyc.verifiedSql,
      userInfo: kyc.userInfo,
      pendingCount: kyc.pendingCount,
      userDetail: kycUserDetail(kyc),
    },
    routes: (kit) => kycRoutes(kit, deps, kyc, needs),
    adminRoutes: (adminKit) => kycAdminRoutes(adminKit, deps, kyc),
    jobs: {
      // the retention rule: rejected submissions' images and unused uploads deleted when due
      uploads: () => purgeUploads(deps.db, deps.files, deps.env, new Date(deps.clock.now())),
    },
  };
}
