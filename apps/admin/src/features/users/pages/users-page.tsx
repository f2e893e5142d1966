import { Button, Card, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { RecordTable, rowId } from '../../../components/record-table.tsx';
import { ErrorBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useUserList } from '../api/use-user-list.ts';
import { UserDetailDrawer } from '../components/user-detail-drawer.tsx';
import { USER_STATES } from '../components/user-state-form.tsx';

const FILTERS = ['all', ...USER_STATES] as const;
type Filter = (typeof FILTERS)[number];

export function UsersPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const stateParam = search.get('state');
  const state: Filter = FILTERS.find((f) => f === stateParam) ?? 'all';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const size = [10, 20, 50, 100].includes(Number(search.get('size'))) ? Number(search.get('size')) : 20;
  const open = search.get('user');
  const [draft, setDraft] = useState(q);
  const list = useUserList({ ...(q ? { q } : {}), state, page, size });

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };

  return (
    <div data-testid="users-page">
      <PageHeader title={t('users.title')} subtitle={t('users.subtitle')} />
      <Card>
        <Flex vertical gap={16}>
          <Flex gap={12} wrap align="center">
            <Input.Search
              allowClear
              style={{ maxWidth: 360 }}
              placeholder={t('users.searchPlaceholder')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onSearch={(v) => update({ q: v.trim(), page: null })}
              enterButton={t('common.search')}
              data-testid="users-search"
              maxLength={64}
            />
            <Flex gap={8} align="center">
              <Typography.Text type="secondary">{t('users.state')}</Typography.Text>
              <Select
                style={{ width: 160 }}
                value={state}
                onChange={(v) => update({ state: v === 'all' ? null : v, page: null })}
                options={FILTERS.map((f) => ({
                  value: f,
                  label: f === 'all' ? t('filter.all') : t(`status.${f}`),
                }))}
                data-testid="users-state-filter"
              />
            </Flex>
          </Flex>
          {list.isError && !list.data ? (
            <ErrorBlock error={list.error} onRetry={() => list.refetch()} />
          ) : (
            <RecordTable
              testId="users-table"
              rowTestId="user-row"
              rows={list.data?.list ?? []}
              loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
              total={list.data?.total ?? 0}
              page={page}
              pageSize={size}
              onPageChange={(p, s) =>
                update({ page: p === 1 ? null : String(p), size: s === 20 ? null : String(s) })
              }
              emptyText={q ? t('users.noMatch', { q }) : t('common.empty')}
              actions={{
                title: t('common.actions'),
                render: (row) => (
                  <Button size="small" onClick={() => update({ user: rowId(row) })} data-testid="user-open">
                    {t('users.open')}
                  </Button>
                ),
              }}
            />
          )}
        </Flex>
      </Card>
      <UserDetailDrawer id={open} onClose={() => update({ user: null })} />
    </div>
  );
}
