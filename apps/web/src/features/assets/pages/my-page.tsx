import '../../../components/money.css';
import '../assets.css';
import type { Currency } from '@kabuto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CurrencyBadge } from '../../../components/currency-badge.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LinkList } from '../../../components/link-list.tsx';
import { L } from '../../../components/links.ts';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarginSummary } from '../../../components/margin-summary.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { TotalAssets } from '../../../components/total-assets.tsx';
import { VerificationChip } from '../../../components/verification-chip.tsx';
import { assetsSummaryQuery } from '../../../lib/api/use-assets-summary.ts';
import { marginAccountQuery } from '../../../lib/api/use-margin.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { isoCode } from '../../../lib/currency.ts';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { useHasScreen } from '../../../lib/screens.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { assetSummary, loanFigures, WALLETS, walletBalance } from '../../../lib/wallets.ts';
import { usePositionSummary } from '../api/use-position-summary.ts';

const MASK = '••••••';

/** `/mine/myPage`: assets of the selected market, verification, deposit / withdraw / exchange, settings. */
export function MyPage() {
  const { t } = useTranslator('money');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasScreen = useHasScreen();
  const market = storedMarket();
  const user = useUserInfo({ fresh: true });
  const positions = usePositionSummary(market);
  const [hidden, setHidden] = useState(false);
  const u = user.data;
  const { total, available, frozen } = assetSummary(u, market);
  const profit = positions.data?.profit ?? '0';
  const profitUnits = toUnits(profit) ?? 0n;
  const borrowed = loanFigures(u, market).borrowed;
  const money = (value: string, c: Currency = market) => (hidden ? MASK : formatMoney(value, c));
  const wallets = WALLETS.filter(
    (c) => c === market || c === 'usd' || (toUnits(walletBalance(u, c)) ?? 0n) !== 0n,
  );

  const actions = [
    { link: L.deposit, testid: 'mypage-deposit', primary: true },
    { link: L.withdraw, testid: 'mypage-withdraw', primary: false },
    { link: L.exchange, testid: 'mypage-exchange', primary: false },
  ].filter((a) => hasScreen(a.link.to!));

  return (
    <>
      <PageHeader title={t('myPage.title')} back="/mine/menu" />
      {user.isPending ? (
        <ListSkeleton rows={4} lines={3} />
      ) : user.isError || !u ? (
        <ErrorState onRetry={() => void user.refetch()} />
      ) : (
        <Refreshable
          onRefresh={() =>
            Promise.all([
              user.refetch(),
              positions.refetch(),
              queryClient.invalidateQueries({ queryKey: assetsSummaryQuery().queryKey }),
              queryClient.invalidateQueries({ queryKey: marginAccountQuery().queryKey }),
            ])
          }
        >
          <div className="k-band">
            <section className="k-hero" aria-label={t('myPage.assets')}>
              <TotalAssets tone="dark" hidden={hidden} testid="mypage-total" />
              <div className="k-hero-top">
                <span className="k-hero-label">
                  {t('myPage.wallet')}
                  <span className="k-hero-cur">{isoCode(market)}</span>
                </span>
                <button
                  type="button"
                  className="k-icon-btn k-hero-eye"
                  onClick={() => setHidden((h) => !h)}
                  aria-pressed={hidden}
                  aria-label={t(hidden ? 'myPage.showAmounts' : 'myPage.hideAmounts')}
                >
                  <Icon name={hidden ? 'eyeOff' : 'eye'} size={20} />
                </button>
              </div>
              <strong className="k-hero-total" data-testid="asset-total" data-value={total}>
                {money(total)}
              </strong>
              <dl className="k-hero-grid">
                <div>
                  <dt>{t('myPage.available')}</dt>
                  <dd data-testid="asset-available" data-value={available}>
                    {money(available)}
                  </dd>
                </div>
                <div>
                  <dt>{t('myPage.frozen')}</dt>
                  <dd data-testid="asset-frozen" data-value={frozen}>
                    {money(frozen)}
                  </dd>
                </div>
                <div>
                  <dt>{t('myPage.profit')}</dt>
                  <dd
                    className={profitUnits > 0n ? 'is-up' : profitUnits < 0n ? 'is-down' : ''}
                    data-testid="asset-profit"
                  >
                    {hidden ? MASK : `${profitUnits > 0n ? '+' : ''}${formatMoney(profit, market)}`}
                  </dd>
                </div>
                <div>
                  <dt>{t('myPage.usd')}</dt>
                  <dd data-testid="asset-usd" data-value={walletBalance(u, 'usd')}>
                    {money(walletBalance(u, 'usd'), 'usd')}
                  </dd>
                </div>
              </dl>
              {(toUnits(borrowed) ?? 0n) > 0n && (
                <p className="k-hero-note">
                  {t('myPage.borrowed')}
                  <b>{money(borrowed)}</b>
                </p>
              )}
            </section>
          </div>
          <div className="k-body k-mypage-body">
            {actions.length > 0 && (
              <section className="k-actions" aria-label={t('myPage.actions')}>
                {actions.map(({ link, testid, primary }) => (
                  <button
                    key={link.id}
                    type="button"
                    className={`k-action${primary ? ' is-primary' : ''}`}
                    onClick={() => navigate(link.to!)}
                    data-testid={testid}
                  >
                    <span className="k-action-icon">
                      <Icon name={link.icon} size={22} />
                    </span>
                    {t(`shell:${link.label}`)}
                  </button>
                ))}
              </section>
            )}

            <button
              type="button"
              className="k-card k-kyc-row"
              onClick={() => hasScreen(L.verified.to!) && navigate(L.verified.to!)}
              data-testid="mypage-verification"
            >
              <span className="k-link-icon">
                <Icon name="idcard" size={20} />
              </span>
              <span className="k-kyc-row-text">
                <span>{t('myPage.verification')}</span>
                {u.realName && u.verification === 1 && <small>{u.realName}</small>}
              </span>
              <VerificationChip status={u.verification} />
              <Icon name="right" size={16} className="k-link-arrow" />
            </button>

            <MarginSummary currency={market} apply />

            <section className="k-card">
              <div className="k-section-head">
                <h2>{t('myPage.wallets')}</h2>
              </div>
              <ul className="k-wallets">
                {wallets.map((c) => (
                  <li key={c} className="k-wallet" data-testid={`wallet-${c}`}>
                    <CurrencyBadge currency={c} size={30} />
                    <span className="k-wallet-name">
                      <b>{isoCode(c)}</b>
                      <small>{t(`currency.${c}`)}</small>
                    </span>
                    <span className="k-wallet-amount">{money(walletBalance(u, c), c)}</span>
                  </li>
                ))}
              </ul>
            </section>

            <LinkList
              title={t('myPage.settings')}
              links={[
                L.security,
                L.email,
                L.bank,
                L.records,
                L.tax,
                L.margin,
                L.reports,
                L.loginPassword,
                L.fundPassword,
                L.language,
              ]}
            />
            <LinkList title={t('myPage.support')} links={[L.kefu, L.about, L.privacy, L.protocol]} />
            <LinkList links={[L.logout]} />
          </div>
        </Refreshable>
      )}
    </>
  );
}
