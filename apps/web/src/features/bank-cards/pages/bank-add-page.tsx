import '../../../components/money.css';
import '../bank-cards.css';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { GateBanner } from '../../../components/gate-banner.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCards } from '../../../lib/api/use-cards.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { CardFormView } from '../components/card-form-view.tsx';

/** `/mine/bankAdd` (`?id=` to edit): holder, bank, branch, branch code, account type, number. */
export function BankAddPage() {
  const { t } = useTranslator('money');
  const [params] = useSearchParams();
  const editId = params.get('id');
  const cards = useCards();
  const user = useUserInfo();
  const card = editId ? cards.data?.find((c) => c.id === editId) : undefined;
  const loading = user.isPending || (editId !== null && cards.isPending);
  const missing = editId !== null && cards.isSuccess && !card;

  return (
    <>
      <PageHeader title={t(editId ? 'bank.editTitle' : 'bank.addTitle')} back="/mine/bank" />
      {loading ? (
        <ListSkeleton rows={5} />
      ) : user.isError || (editId && cards.isError) ? (
        <ErrorState onRetry={() => void Promise.all([user.refetch(), cards.refetch()])} />
      ) : missing ? (
        <ErrorState text={t('bank.notFound')} />
      ) : user.data?.verification !== 1 && !editId ? (
        // the rule first: a card is added in the verified name only
        <div className="k-body">
          <GateBanner
            title={t('gate.kycTitle')}
            to={user.data?.verification === 3 ? undefined : '/mine/verified'}
            action={t('gate.kycLink')}
            testid="bank-gate"
          >
            {t(user.data?.verification === 3 ? 'gate.kycReview' : 'gate.kycBank')}
          </GateBanner>
        </div>
      ) : (
        <CardFormView card={card} realname={user.data?.verification === 1 ? user.data.realName : ''} />
      )}
    </>
  );
}
