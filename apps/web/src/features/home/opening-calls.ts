import { callEarly } from '../../lib/api.ts';
import { early } from '../../lib/early-endpoints.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { storedMarket } from '../../lib/storage.ts';
import { LIST_ALL } from '../../lib/transport.ts';

/** Rows of home's ranking card. */
export const HOME_RANK_ROWS = 10;

/**
 * The reads home makes as it opens (the user, total assets, messages, the market's indices and its
 * first ranking), sent by the entry with home's code. Each body is the one its query sends; a browser
 * test sees each go out once.
 */
export function homeOpeningCalls(): void {
  const type = storedMarket();
  const lang = currentLanguage();
  callEarly(early.userInfo, { type });
  callEarly(early.assetsSummary, {});
  callEarly(early.notices, { lang, size: LIST_ALL });
  callEarly(early.indices, { type, lang });
  callEarly(early.rankings, { type, rank: 'active', limit: HOME_RANK_ROWS, lang });
}
