import { Button, Space, Tag } from 'antd';
import { useI18n } from '../../../lib/i18n.tsx';

export type Outcome = 'approved' | 'rejected' | 'alreadyDecided';

const OUTCOME_COLOR: Record<Outcome, string> = {
  approved: 'green',
  rejected: 'red',
  alreadyDecided: 'orange',
};

/** Approve / reject for one row; disabled while a decision on it is in flight, replaced by the outcome after. */
export function DecisionButtons({
  busy,
  outcome,
  onApprove,
  onReject,
}: {
  busy: boolean;
  outcome?: Outcome;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useI18n();
  if (outcome) {
    return (
      <Tag color={OUTCOME_COLOR[outcome]} data-testid="decide-outcome" data-outcome={outcome}>
        {t(`decide.outcome.${outcome}`)}
      </Tag>
    );
  }
  return (
    <Space size={8}>
      <Button
        type="primary"
        size="small"
        disabled={busy}
        loading={busy}
        onClick={onApprove}
        data-testid="decide-approve"
      >
        {t('decide.approve')}
      </Button>
      <Button danger size="small" disabled={busy} onClick={onReject} data-testid="decide-reject">
        {t('decide.reject')}
      </Button>
    </Space>
  );
}
