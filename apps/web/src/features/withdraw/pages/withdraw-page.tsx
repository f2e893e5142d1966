import '../../../components/money.css';
import '../withdraw.css';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { GateBanner } from '../../../components/gate-banner.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useAssetsSummary } from '../../../lib/api/use-assets-summary.ts';
import { useCards } from '../../../lib/api/use-cards.ts';
import { usePublicConfig } from '../../../lib/api/use-public-config.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { getStartupConfig } from '../../../lib/startup-config.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { walletBalance } from '../../../lib/wallets.ts';
import { WithdrawForm } from '../components/withdraw-form.tsx';

/** `/mine/withdraw`: amount, bank account, fund password; limits, window and available balance shown. */
export function WithdrawPage() {
  const { t } = useTranslator('money');
  const user = useUserInfo({ fresh: true });
  const cards = useCards();
  const assets = useAssetsSummary();
  const { data: config } = usePublicConfig();
  const u = user.data;
  // no withdrawal while stocks are held (a setting) — said before the form, not after its dialog
  const blockPositions = (config ?? getStartupConfig())?.withdraw_block_positions !== 'false';
  const held = assets.data?.positions ?? 0;
  const gate =
    blockPositions && held > 0 ? (
      <GateBanner
        title={t('gate.positionsTitle')}
        to="/position/index"
        action={t('gate.positionsLink')}
        testid="withdraw-gate"
      >
        {t('gate.positionsBody', { count: held })}
      </GateBanner>
    ) : undefined;

  return (
    <>
      <PageHeader title={t('withdraw.title')} back="/mine/myPage" />
      {user.isPending || cards.isPending || assets.isPending ? (
        <ListSkeleton rows={4} lines={3} />
      ) : user.isError || !u || cards.isError ? (
        <ErrorState onRetry={() => void Promise.all([user.refetch(), cards.refetch()])} />
      ) : u.verification !== 1 ? (
        <div className="k-body">
          <section className="k-card k-state is-wait" data-testid="withdraw-verify">
            <span className="k-state-icon" aria-hidden="true">
              <Icon name="idcard" size={34} />
            </span>
            <h2>{t('withdraw.verifyTitle')}</h2>
            <p>{t('withdraw.verifyBody')}</p>
            <Link className="k-btn k-btn-primary k-btn-block" to="/mine/verified">
              {t('withdraw.verifyLink')}
            </Link>
          </section>
        </div>
      ) : (
        <Refreshable onRefresh={() => Promise.all([user.refetch(), cards.refetch(), assets.refetch()])}>
          <WithdrawForm
            gate={gate}
            available={(c) => walletBalance(u, c)}
            hasFundPassword={u.hasFundPassword}
            cards={cards.data ?? []}
          />
        </Refreshable>
      )}
    </>
  );
}
