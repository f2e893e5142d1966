import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { App, Badge, Button, Card, Flex, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RefreshIcon } from '../../../components/icons.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RecordTable, type Row, rowId } from '../../../components/record-table.tsx';
import { ErrorBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import {
  isQueueName,
  isReviewFilter,
  type QueueName,
  REVIEW_FILTERS,
  type ReviewFilter,
} from '../../../lib/queues.ts';
import { reviewStatus } from '../../../lib/status.ts';
import type { Decision } from '../api/use-queue-decide.ts';
import { decideMutationKey } from '../api/use-queue-decide.ts';
import { useQueueList } from '../api/use-queue-list.ts';
import { DecideModal, type PendingDecision } from '../components/decide-modal.tsx';
import { DecisionButtons, type Outcome } from '../components/decision-buttons.tsx';

export function QueuePage() {
  const { queue } = useParams();
  if (!isQueueName(queue)) return <NotFound />;
  return <QueueScreen key={queue} name={queue} />;
}

function QueueScreen({ name }: { name: QueueName }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const status: ReviewFilter = isReviewFilter(search.get('status'))
    ? (search.get('status') as ReviewFilter)
    : 'pending';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const size = [10, 20, 50, 100].includes(Number(search.get('size'))) ? Number(search.get('size')) : 20;
  const list = useQueueList(name, { status, page, size });
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const [decided, setDecided] = useState<Record<string, Outcome>>({});

  const inFlight = useMutationState<string>({
    filters: { mutationKey: decideMutationKey(name), status: 'pending' },
    select: (m) => (m.state.variables as Decision | undefined)?.id ?? '',
  });
  const busyCount = useIsMutating({ mutationKey: decideMutationKey(name) });
  const busy = useMemo(() => new Set(inFlight), [inFlight]);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };

  const canDecide = (row: Row) => {
    const s = reviewStatus(row.status ?? row.state);
    return s === 'pending' || (s === null && status === 'pending');
  };

  const rows = list.data?.list ?? [];
  return (
    <div data-testid={`queue-page-${name}`}>
      <PageHeader
        title={
          <Flex align="center" gap={10}>
            {t(`queue.${name}`)}
            {status === 'pending' && list.data && (
              <Badge
                count={list.data.total}
                overflowCount={999}
                showZero
                color={list.data.total > 0 ? '#faad14' : '#52c41a'}
                data-testid="queue-total"
              />
            )}
          </Flex>
        }
        subtitle={t(`queue.${name}.hint`)}
        extra={
          <Button
            icon={<RefreshIcon />}
            loading={list.isFetching}
            onClick={() => list.refetch()}
            data-testid="queue-refresh"
          >
            {t('common.refresh')}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Flex align="center" gap={12} wrap>
            <Typography.Text type="secondary">{t('queue.filter')}</Typography.Text>
            <Segmented
              data-testid="queue-status-filter"
              value={status}
              onChange={(v) => update({ status: v === 'pending' ? null : String(v), page: null })}
              options={REVIEW_FILTERS.map((f) => ({
                value: f,
                label: <span data-testid={`queue-status-${f}`}>{t(`filter.${f}`)}</span>,
              }))}
            />
            {busyCount > 0 && <Typography.Text type="secondary">{t('decide.inFlight')}</Typography.Text>}
          </Flex>
          {list.isError && !list.data ? (
            <ErrorBlock error={list.error} onRetry={() => list.refetch()} />
          ) : (
            <RecordTable
              testId="queue-table"
              rowTestId="queue-row"
              rows={rows}
              loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
              total={list.data?.total ?? 0}
              page={page}
              pageSize={size}
              onPageChange={(p, s) =>
                update({ page: p === 1 ? null : String(p), size: s === 20 ? null : String(s) })
              }
              emptyText={status === 'pending' ? t('queue.emptyPending') : t('common.empty')}
              actions={{
                title: t('common.actions'),
                render: (row) => {
                  const id = rowId(row);
                  if (!canDecide(row)) return <Typography.Text type="secondary">—</Typography.Text>;
                  return (
                    <DecisionButtons
                      busy={busy.has(id)}
                      outcome={decided[id]}
                      onApprove={() => setDecision({ row, approve: true })}
                      onReject={() => setDecision({ row, approve: false })}
                    />
                  );
                },
              }}
            />
          )}
          {list.isError && list.data && (
            <Typography.Text type="danger" data-testid="queue-refresh-failed">
              {t('common.refreshFailed')}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      <DecideModal
        queue={name}
        decision={decision}
        onClose={() => setDecision(null)}
        onDecided={(id, outcome) => {
          setDecided((d) => ({ ...d, [id]: outcome }));
          if (outcome === 'approved')
            message.success({ content: t('decide.approved', { id }), key: `decide-${id}` });
          if (outcome === 'rejected')
            message.success({ content: t('decide.rejected', { id }), key: `decide-${id}` });
        }}
      />
    </div>
  );
}
