import { Select, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { ListCard } from '../../../components/list-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { formatMarketDateTime, marketOf } from '../../../lib/market-time.ts';
import { useMarginCalls } from '../api/use-margin-calls.ts';

type Status = 'open' | 'met' | 'closed' | 'all';
const STATUSES: readonly Status[] = ['open', 'met', 'closed', 'all'];
type CallRow = {
  id: string;
  user_id: string;
  account: string;
  market: string;
  amount: string;
  ratio: string;
  deadline: number;
  status: 'open' | 'met' | 'closed';
  create_time: number;
  resolve_time: number | null;
};

const STATUS_COLOR = { open: 'error', met: 'success', closed: 'default' } as const;

/**
 * Margin calls (追証): the open ones by deadline (the nearest first), or the met and force-closed ones,
 * with the amount to deposit, the ratio when issued and the deadline on the exchange's clock (its zone named). The calls are
 * issued, met and closed by the server's maintenance round; nothing here changes them.
 */
export function MarginCallsPage() {
  const { t } = useI18n();
  const [status, setStatus] = useState<Status>('open');
  const calls = useMarginCalls(status);
  return (
    <div data-testid="margin-calls-page">
      <PageHeader title={t('marginCalls.title')} subtitle={t('marginCalls.subtitle')} />
      <ListCard<CallRow>
        title={t('marginCalls.list')}
        extra={
          <Select
            value={status}
            onChange={setStatus}
            style={{ width: 140 }}
            options={STATUSES.map((s) => ({ value: s, label: t(`marginCalls.status.${s}`) }))}
            data-testid="margin-calls-status-filter"
          />
        }
        query={calls}
        rowKey="id"
        emptyText={t('marginCalls.empty')}
        onRow={(r) =>
          ({
            'data-testid': 'margin-call-row',
            'data-id': r.id,
            'data-status': r.status,
          }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'id' },
          { key: 'account', title: t('marginCalls.account'), dataIndex: 'account' },
          { key: 'market', title: t('marginCalls.market'), render: (_, r) => r.market.toUpperCase() },
          {
            key: 'amount',
            title: t('marginCalls.amount'),
            render: (_, r) => (
              <span data-testid="margin-call-amount">{formatAmount(r.amount, r.market)}</span>
            ),
          },
          { key: 'ratio', title: t('marginCalls.ratio'), render: (_, r) => `${r.ratio}%` },
          {
            key: 'deadline',
            title: t('marginCalls.deadline'),
            render: (_, r) => (
              <span data-testid="margin-call-deadline">
                {formatMarketDateTime(r.deadline, marketOf(r.market) ?? 'jpy')}
              </span>
            ),
          },
          {
            key: 'status',
            title: t('marginCalls.statusTitle'),
            render: (_, r) => (
              <Tag color={STATUS_COLOR[r.status]} data-testid="status-tag" data-status={r.status}>
                {t(`marginCalls.status.${r.status}`)}
              </Tag>
            ),
          },
          { key: 'issued', title: t('marginCalls.issued'), render: (_, r) => formatDateTime(r.create_time) },
          {
            key: 'resolved',
            title: t('marginCalls.resolved'),
            render: (_, r) => (r.resolve_time ? formatDateTime(r.resolve_time) : '—'),
          },
        ]}
      />
    </div>
  );
}
