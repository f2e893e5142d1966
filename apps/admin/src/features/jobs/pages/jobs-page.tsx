import type { adminApi } from '@kabuto/contract';
import { App, Badge, Button, Card, Flex, Segmented, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useReasonConfirm } from '../../../components/reason-confirm.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useJobs, useRerunJob } from '../api/use-jobs.ts';

type Run = DataOut<typeof adminApi.jobList>['list'][number];
type State = Run['state'];
const FILTERS = ['all', 'dead', 'failed', 'retrying', 'running', 'queued', 'completed'] as const;
type Filter = (typeof FILTERS)[number];

const STATE_COLOR: Record<State, string> = {
  queued: 'default',
  running: 'processing',
  retrying: 'warning',
  completed: 'success',
  dead: 'error',
  failed: 'error',
};

/** The first line of an error (the whole text, with its stack, is in the expanded row). */
const firstLine = (s: string) => s.split('\n')[0] ?? '';

/**
 * Background jobs: each daily job's run per market and business date (on the durable queue: retried
 * with a growing delay, then dead-lettered) and each step of the leader's frequent round that failed
 * on a day. A dead-lettered or failed run can be run again, with a reason kept in the audit log.
 */
export function JobsPage() {
  const { t, maybe } = useI18n();
  const { message } = App.useApp();
  const confirm = useReasonConfirm();
  const [search, setSearch] = useSearchParams();
  const stateParam = search.get('state') as Filter | null;
  const state: Filter = stateParam && FILTERS.includes(stateParam) ? stateParam : 'all';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useJobs({ state, page, size: 20 });
  const rerun = useRerunJob();

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };

  const jobName = (job: string) => maybe(`jobs.name.${job}`) ?? job;

  const confirmRerun = (row: Run) =>
    confirm({
      title: t('jobs.rerunTitle', { job: jobName(row.job), key: row.key }),
      hint: row.kind === 'daily' ? t('jobs.rerunDaily') : t('jobs.rerunRound'),
      okText: t('jobs.rerun'),
      testId: 'jobs-rerun-reason',
      submit: (reason) => rerun.mutateAsync({ id: row.id, reason }),
      done: (r) => message.success(t('jobs.rerunDone', { state: t(`jobs.state.${r.state}`) })),
    });

  const counts = list.data?.counts;
  const count = (f: Filter) => (f === 'dead' || f === 'failed' || f === 'retrying' ? (counts?.[f] ?? 0) : 0);

  return (
    <div data-testid="jobs-page">
      <PageHeader title={t('jobs.title')} subtitle={t('jobs.subtitle')} />
      <Card>
        <Flex vertical gap={16}>
          <div style={{ overflowX: 'auto' }}>
            <Segmented<Filter>
              value={state}
              onChange={(v) => update({ state: v === 'all' ? null : v, page: null })}
              data-testid="jobs-filter"
              options={FILTERS.map((f) => ({
                value: f,
                label: (
                  <Flex align="center" gap={6} style={{ minHeight: 36 }} data-testid={`jobs-filter-${f}`}>
                    <span>{f === 'all' ? t('jobs.all') : t(`jobs.state.${f}`)}</span>
                    {count(f) > 0 && <Badge count={count(f)} size="small" data-testid={`jobs-count-${f}`} />}
                  </Flex>
                ),
              }))}
            />
          </div>
          {list.isError && !list.data ? (
            <ErrorBlock error={list.error} onRetry={() => list.refetch()} />
          ) : (
            <Table<Run>
              data-testid="jobs-table"
              rowKey="id"
              size="middle"
              dataSource={list.data?.list ?? []}
              loading={list.isPending}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <EmptyBlock description={t('jobs.empty')} /> }}
              onRow={(r) =>
                ({
                  'data-testid': 'jobs-row',
                  'data-id': r.id,
                  'data-job': r.job,
                  'data-state': r.state,
                }) as HTMLAttributes<HTMLElement>
              }
              expandable={{
                expandedRowRender: (r) => (
                  <pre
                    style={{
                      margin: 0,
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-all',
                      fontSize: 12,
                      maxWidth: 720,
                    }}
                    data-testid="jobs-error"
                  >
                    {r.last_error}
                  </pre>
                ),
                rowExpandable: (r) => r.last_error !== '',
              }}
              pagination={{
                current: page,
                pageSize: 20,
                total: list.data?.total ?? 0,
                showSizeChanger: false,
                showTotal: (total) => t('common.total', { count: total }),
                onChange: (p) => update({ page: p === 1 ? null : String(p) }),
              }}
              columns={[
                {
                  key: 'job',
                  title: t('jobs.job'),
                  render: (_: unknown, r) => (
                    <Flex vertical gap={2}>
                      <Typography.Text strong>{jobName(r.job)}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.kind === 'daily' ? t('jobs.kind.daily') : t('jobs.kind.round')} · {r.key}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  key: 'state',
                  title: t('jobs.state'),
                  render: (_: unknown, r) => (
                    <Tag color={STATE_COLOR[r.state]} data-testid="jobs-state">
                      {t(`jobs.state.${r.state}`)}
                    </Tag>
                  ),
                },
                {
                  key: 'attempts',
                  title: t('jobs.attempts'),
                  render: (_: unknown, r) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      {t('jobs.attemptsValue', {
                        attempts: r.attempts,
                        failures: r.failures,
                        reruns: r.reruns,
                      })}
                    </span>
                  ),
                },
                {
                  key: 'error',
                  title: t('jobs.lastError'),
                  render: (_: unknown, r) => (
                    <Typography.Text
                      type={r.last_error ? 'danger' : 'secondary'}
                      style={{ maxWidth: 280 }}
                      ellipsis
                    >
                      {r.last_error ? firstLine(r.last_error) : '—'}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'time',
                  title: t('jobs.updated'),
                  render: (_: unknown, r) => (
                    <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.update_time)}</span>
                  ),
                },
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_: unknown, r) =>
                    r.state === 'dead' || r.state === 'failed' ? (
                      <Button
                        danger
                        style={{ minHeight: 44 }}
                        onClick={() => confirmRerun(r)}
                        loading={rerun.isPending && rerun.variables?.id === r.id}
                        data-testid="jobs-rerun"
                      >
                        {t('jobs.rerun')}
                      </Button>
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ),
                },
              ]}
            />
          )}
        </Flex>
      </Card>
    </div>
  );
}
