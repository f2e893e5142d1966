import '../../../components/money.css';
import '../kyc.css';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { KycFormCard } from '../components/kyc-form-card.tsx';
import { KycState } from '../components/kyc-state.tsx';

/**
 * `/mine/verified`: identity verification. Not verified → the form; under review, verified → the state;
 * rejected → the reason and a new submission.
 */
export function KycPage() {
  const { t } = useTranslator('money');
  const user = useUserInfo({ fresh: true });
  const [resubmit, setResubmit] = useState(false);
  const u = user.data;
  const status = u?.verification ?? 0;
  const showForm = status === 0 || (status === 2 && resubmit);

  return (
    <>
      <PageHeader title={t('kyc.title')} />
      {user.isPending ? (
        <ListSkeleton rows={4} />
      ) : user.isError || !u ? (
        <ErrorState onRetry={() => void user.refetch()} />
      ) : showForm ? (
        <KycFormCard user={u} onDone={() => setResubmit(false)} />
      ) : (
        <Refreshable onRefresh={() => user.refetch()}>
          <KycState user={u} onResubmit={() => setResubmit(true)} />
        </Refreshable>
      )}
    </>
  );
}
