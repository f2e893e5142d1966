import { type CorporateActionsDeps, corporateActionsService } from './corporate-actions.service.ts';

/**
 * Corporate actions (splits, dividends) applied to the books: the module's one face, in the shape of
 * `Module` (`modules/module.ts`). It offers nothing to other modules; its one job runs first in the
 * leader's round, so books are adjusted before anything trades on an ex-date.
 */
export function corporateActionsModule(deps: CorporateActionsDeps, _needs: Record<string, never> = {}) {
  const service = corporateActionsService(deps);
  return {
    name: 'corporate-actions',
    offers: {} as Record<string, never>,
    jobs: {
      /** Announcements, then what goes ex (before the session), then what is paid. */
      corporateActions: () => service.run(),
    },
  };
}
