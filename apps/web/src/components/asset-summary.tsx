import { isoCode } from '../lib/currency.ts';
import { formatMoney } from '../lib/format.ts';
import { useHasScreen } from '../lib/screens.ts';
import { storedMarket } from '../lib/storage.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { assetSummary, type UserInfo } from '../lib/wallets.ts';
import { Icon } from './icon.tsx';
import { L } from './links.ts';
import { useLinkAction } from './use-link-action.ts';

/**
 * The user panel's wallet of the selected market, under the total assets in yen: its balance (available +
 * frozen, before the P&L of its positions; getUserinfo's total_assets), available and frozen.
 */
export function AssetSummary({ user, loading }: { user: UserInfo | undefined; loading: boolean }) {
  const { t } = useTranslator('shell');
  const hasScreen = useHasScreen();
  const act = useLinkAction();
  const market = storedMarket();
  const { total, available, frozen } = assetSummary(user, market);
  const show = (value: string) => (user ? formatMoney(value, market) : loading ? '…' : '--');
  const canOpen = hasScreen(L.myPage.to!);
  const body = (
    <>
      <span className="k-assets-head">
        <span className="k-assets-label">{t('assets.wallet', { code: isoCode(market) })}</span>
        {canOpen && (
          <span className="k-assets-more">
            {t('links.myPage')}
            <Icon name="right" size={14} />
          </span>
        )}
      </span>
      <strong className="k-assets-total" data-testid="panel-wallet">
        {show(total)}
      </strong>
      <span className="k-assets-row">
        <span>
          <small>{t('assets.available')}</small>
          <b data-testid="panel-available">{show(available)}</b>
        </span>
        <span>
          <small>{t('assets.frozen')}</small>
          <b data-testid="panel-frozen">{show(frozen)}</b>
        </span>
      </span>
    </>
  );
  return canOpen ? (
    <button
      type="button"
      className="k-assets"
      onClick={() => act(L.myPage)}
      aria-label={t('assets.title')}
      data-testid="panel-assets"
    >
      {body}
    </button>
  ) : (
    <section className="k-assets" aria-label={t('assets.title')} data-testid="panel-assets">
      {body}
    </section>
  );
}
