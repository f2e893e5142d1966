import { catalogueService } from './catalogue.service.ts';
import { followService } from './follow.service.ts';
import { productsAdmin } from './products.admin.ts';
import type { ProductsDeps } from './products.deps.ts';
import { productJobs } from './products.jobs.ts';

export type { Follower, FollowInput, OperationKey, ProductsDeps } from './products.deps.ts';

/**
 * Copy-trade products, one service built from its jobs: the catalogue and NAV (`catalogue.service.ts`),
 * following and redeeming (`follow.service.ts`), the leader's daily job (`products.jobs.ts`) and the back
 * office (`products.admin.ts`).
 */
export function productsService(d: ProductsDeps) {
  const catalogue = catalogueService(d);
  const follow = followService(d);
  const jobs = productJobs(d, follow);
  const admin = productsAdmin(d, catalogue);
  return {
    list: catalogue.list,
    detail: catalogue.detail,
    follow: follow.follow,
    redeem: follow.redeem,
    orders: follow.orders,
    runJobs: jobs.runJobs,
    admin,
  };
}

export type ProductsService = ReturnType<typeof productsService>;
