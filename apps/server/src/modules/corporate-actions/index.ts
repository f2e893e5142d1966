import type { Module } from '../module.ts';
import { type CorporateActionsDeps, corporateActionsService } from './corporate-actions.service.ts';

/** Corporate actions (splits, dividends) applied to the books; its one job runs in the leader's round. */
export function corporateActionsModule(
  deps: CorporateActionsDeps,
  _needs: Record<string, never> = {},
): Module {
  const service = corporateActionsService(deps);
  return {
    name: 'corporate-actions',
    offers: {},
    jobs: {
      /** Before the other jobs: books are adjusted before anything trades on the ex-date. */
      corporateActions: () => service.run(),
    },
  };
}
