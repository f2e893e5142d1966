import type { adminApi } from '@kabuto/contract';
import { Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useAuditList } from '../api/use-audit-list.ts';

type Entry = DataOut<typeof adminApi.auditList>['list'][number];

/** Pretty-print a JSON detail; plain text stays as it is. */
function Detail({ text }: { text: string }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON
  }
  return (
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, maxWidth: 720 }}>
      {pretty}
    </pre>
  );
}

export function AuditPage() {
  const { t, maybe } = useI18n();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const size = [10, 20, 50, 100].includes(Number(search.get('size'))) ? Number(search.get('size')) : 20;
  const [draft, setDraft] = useState(q);
  const list = useAuditList({ ...(q ? { q } : {}), page, size });

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };

  return (
    <div data-testid="audit-page">
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Card>
        <Flex vertical gap={16}>
          <Input.Search
            allowClear
            style={{ maxWidth: 420 }}
            placeholder={t('audit.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => update({ q: v.trim(), page: null })}
            enterButton={t('common.search')}
            data-testid="audit-search"
            maxLength={64}
          />
          {list.isError && !list.data ? (
            <ErrorBlock error={list.error} onRetry={() => list.refetch()} />
          ) : (
            <Table<Entry>
              data-testid="audit-table"
              rowKey="id"
              size="middle"
              dataSource={list.data?.list ?? []}
              loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: <EmptyBlock description={q ? t('audit.noMatch', { q }) : t('audit.empty')} />,
              }}
              onRow={(row) =>
                ({ 'data-testid': 'audit-row', 'data-id': row.id }) as HTMLAttributes<HTMLElement>
              }
              expandable={{
                expandedRowRender: (row) => <Detail text={row.detail} />,
                rowExpandable: (row) => row.detail !== '',
              }}
              pagination={{
                current: page,
                pageSize: size,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('common.total', { count: total }),
                onChange: (p, s) =>
                  update({ page: p === 1 ? null : String(p), size: s === 20 ? null : String(s) }),
              }}
              columns={[
                {
                  key: 'time',
                  title: t('audit.time'),
                  render: (_: unknown, r) => (
                    <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.create_time)}</span>
                  ),
                },
                { key: 'operator', title: t('audit.operator'), dataIndex: 'operator' },
                {
                  key: 'action',
                  title: t('audit.action'),
                  render: (_: unknown, r) => (
                    <Tag color="geekblue">{maybe(`action.${r.action}`) ?? r.action}</Tag>
                  ),
                },
                {
                  key: 'target',
                  title: t('audit.target'),
                  render: (_: unknown, r) => <Typography.Text code>{r.target || '—'}</Typography.Text>,
                },
                {
                  key: 'reason',
                  title: t('audit.reason'),
                  render: (_: unknown, r) => (
                    <Typography.Paragraph
                      style={{ margin: 0, maxWidth: 360 }}
                      ellipsis={{ rows: 2, expandable: 'collapsible' }}
                    >
                      {r.reason || '—'}
                    </Typography.Paragraph>
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
