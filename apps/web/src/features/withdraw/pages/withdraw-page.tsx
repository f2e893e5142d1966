import '../../../components/money.css';
import '../withdraw.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useCards } from '../../../lib/api/use-cards.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { walletBalance } from '../../../lib/wallets.ts';
import { WithdrawForm } from '../components/withdraw-form.tsx';

/** `/mine/withdraw`: amount, bank account, fund password; limits, window and available balance shown. */
export function WithdrawPage() {
  const { t } = useTranslation('money');
  const user = useUserInfo({ fresh: true });
  const cards = useCards();
  const u = user.data;

  return (
    <>
      <PageHeader title={t('withdraw.title')} back="/mine/myPage" />
      {user.isPending || cards.isPending ? (
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
        <Refreshable onRefresh={() => Promise.all([user.refetch(), cards.refetch()])}>
          <WithdrawForm
            available={(c) => walletBalance(u, c)}
            hasFundPassword={u.hasFundPassword}
            cards={cards.data ?? []}
          />
        </Refreshable>
      )}
    </>
  );
}
