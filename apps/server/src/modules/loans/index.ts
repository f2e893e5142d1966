import type { Deps } from '../../deps.ts';
import type { QueueCounter, UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { IdentityLookup, VerifiedSql } from '../../shared/identity.ts';
import type { UserInfoContributor } from '../../shared/user-info.ts';
import type { Module } from '../module.ts';
import { outstanding } from './loans.repo.ts';
import { loansAdminRoutes, loansRoutes } from './loans.routes.ts';
import { loansService } from './loans.service.ts';
import { loansUserDetail } from './loans.wire.ts';

export interface LoansOffers {
  /** Whether the user has a loan not yet repaid (day trading's suitability). */
  hasUnpaidLoan(userId: bigint): Promise<boolean>;
  userInfo: UserInfoContributor;
  pendingCount: QueueCounter;
  userDetail: UserDetailContributor;
}

/** Loans: terms, apply, repay, the list; the back office's queue and credit limits. */
export function loansModule(
  deps: Deps,
  needs: { identity: IdentityLookup; verifiedSql: VerifiedSql },
): Module<LoansOffers> {
  const loans = loansService(deps, needs.identity, needs.verifiedSql);
  return {
    name: 'loans',
    offers: {
      hasUnpaidLoan: async (userId) => (await outstanding(deps.db, userId)).length > 0,
      userInfo: loans.userInfo,
      pendingCount: loans.pendingCount,
      userDetail: loansUserDetail(loans),
    },
    routes: (kit) => loansRoutes(kit, loans),
    adminRoutes: (adminKit) => loansAdminRoutes(adminKit, loans),
  };
}
