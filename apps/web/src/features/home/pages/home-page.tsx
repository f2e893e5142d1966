import '../home.css';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HomeHeader } from '../../../components/home-header.tsx';
import { Icon } from '../../../components/icon.tsx';
import { HOME_SHORTCUTS, L } from '../../../components/links.ts';
import { Refreshable } from '../../../components/refreshable.tsx';
import { ShortcutGrid } from '../../../components/shortcut-grid.tsx';
import { TotalAssets } from '../../../components/total-assets.tsx';
import { VerificationChip } from '../../../components/verification-chip.tsx';
import { assetsSummaryQuery } from '../../../lib/api/use-assets-summary.ts';
import { useNotices } from '../../../lib/api/use-notices.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { formatDate } from '../../../lib/format.ts';
import { scopes } from '../../../lib/query-scopes.ts';
import { useHasScreen } from '../../../lib/screens.ts';
import { useSession } from '../../../lib/session.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { HomeIndices, HomeRankings } from '../components/market-overview.tsx';

/** Loaded with the page, for the route's opening (app/routes.ts). */
export { primeHomeOpening } from '../opening-queries.ts';

const LATEST_NOTICES = 3;

/** `/home/index`: home header, who is logged in, shortcuts, the latest site messages. */
export function HomePage() {
  const { t } = useTranslator('home');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasScreen = useHasScreen();
  const account = useSession((s) => s.account) ?? '';
  const user = useUserInfo();
  const notices = useNotices();
  const latest = (notices.data ?? []).slice(0, LATEST_NOTICES);
  const showNotices = hasScreen(L.messages.to!);

  return (
    <>
      <HomeHeader />
      <Refreshable
        onRefresh={() =>
          Promise.all([
            user.refetch(),
            notices.refetch(),
            queryClient.invalidateQueries({ queryKey: assetsSummaryQuery().queryKey }),
            queryClient.invalidateQueries({ queryKey: scopes.quotes }),
          ])
        }
      >
        <div className="k-home-band">
          <section className="k-card k-welcome">
            <div className="k-welcome-text">
              <span className="k-welcome-hello">{t('hello')}</span>
              <strong>{user.data?.account ?? account}</strong>
            </div>
            {user.data && <VerificationChip status={user.data.verification} />}
          </section>
          <div className="k-card k-home-total">
            <TotalAssets tone="light" testid="home-total" />
          </div>
        </div>
        <HomeIndices />
        <div className="k-body k-home-body">
          <section className="k-card" aria-label={t('shortcuts')}>
            <ShortcutGrid links={HOME_SHORTCUTS} />
          </section>
          <HomeRankings />
          {showNotices && (
            <section className="k-card k-home-later">
              <div className="k-section-head">
                <h2>{t('notices')}</h2>
                <button type="button" className="k-more" onClick={() => navigate(L.messages.to!)}>
                  {t('more')}
                  <Icon name="right" size={14} />
                </button>
              </div>
              {notices.isPending ? (
                <p className="k-home-muted">{t('shell:states.loading')}</p>
              ) : latest.length === 0 ? (
                <p className="k-home-muted">{t('noNotices')}</p>
              ) : (
                <ul className="k-home-notices">
                  {latest.map((n) => (
                    <li key={n.id}>
                      <button type="button" onClick={() => navigate(`/mine/messageInfo?id=${n.id}`)}>
                        <span
                          className={`k-home-notice-dot${n.read ? '' : ' is-unread'}`}
                          aria-hidden="true"
                        />
                        <span className="k-home-notice-title">{n.title}</span>
                        <time>{formatDate(n.create_time)}</time>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      </Refreshable>
    </>
  );
}
