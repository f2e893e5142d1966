import {
  type CorporateActionsDeps,
  type CorporateActionsNeeds,
  corporateActionsService,
} from './corporate-actions.service.ts';

/**
 * Corporate actions (splits, dividends) applied to the books: the module's one face, in the shape of
 * `Module` (`modules/module.ts`). It offers nothing to other modules and needs tax's side of a dividend
 * paid (its year's netting); its one job runs first in the leader's round after tax's netting, so books
 * are adjusted before anything trades on an ex-date.
 */
export function corporateActionsModule(deps: CorporateActionsDeps, needs: CorporateActionsNeeds) {
  const service = corporateActionsService(deps, needs);
  return {
    name: 'corporate-actions',
    offers: {} as Record<string, never>,
    jobs: {
      /** Announcements, then what goes ex (before the session), then what is paid. */
      corporateActions: () => service.run(),
    },
  };
}
