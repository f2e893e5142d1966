import type { adminApi } from '@kabuto/contract';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useOperator } from '../../../lib/operator.tsx';
import { useOperatorList } from '../api/use-operator-list.ts';
import { type OperatorDraft, OperatorFormModal } from '../components/operator-form-modal.tsx';

type Operator = DataOut<typeof adminApi.operatorList>[number];

const ROLE_COLOR = { reviewer: 'cyan', operator: 'blue', admin: 'purple' } as const;

export function OperatorsPage() {
  const { t } = useI18n();
  const self = useOperator()?.username;
  const list = useOperatorList();
  const [draft, setDraft] = useState<OperatorDraft | null>(null);

  return (
    <div data-testid="operators-page">
      <PageHeader
        title={t('operators.title')}
        subtitle={t('operators.subtitle')}
        extra={
          <Button type="primary" onClick={() => setDraft({})} data-testid="operator-new">
            {t('operators.new')}
          </Button>
        }
      />
      <Card>
        {list.isError && !list.data ? (
          <ErrorBlock error={list.error} onRetry={() => list.refetch()} />
        ) : (
          <Table<Operator>
            data-testid="operators-table"
            rowKey="id"
            loading={list.isPending}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{ emptyText: <EmptyBlock /> }}
            onRow={(row) =>
              ({ 'data-testid': 'operator-row', 'data-id': row.id }) as HTMLAttributes<HTMLElement>
            }
            columns={[
              { key: 'id', title: t('field.id'), dataIndex: 'id', width: 80 },
              {
                key: 'username',
                title: t('operators.username'),
                render: (_: unknown, r) => (
                  <Typography.Text strong>
                    {r.username} {r.username === self && <Tag>{t('operators.you')}</Tag>}
                  </Typography.Text>
                ),
              },
              {
                key: 'role',
                title: t('operators.role'),
                render: (_: unknown, r) => <Tag color={ROLE_COLOR[r.role]}>{t(`role.${r.role}`)}</Tag>,
              },
              {
                key: 'disabled',
                title: t('operators.status'),
                render: (_: unknown, r) =>
                  r.disabled ? (
                    <Tag color="red">{t('operators.disabledTag')}</Tag>
                  ) : (
                    <Tag color="green">{t('operators.enabledTag')}</Tag>
                  ),
              },
              {
                key: 'actions',
                title: t('common.actions'),
                width: 120,
                render: (_: unknown, r) => (
                  <Button
                    size="small"
                    onClick={() =>
                      setDraft({ id: r.id, username: r.username, role: r.role, disabled: r.disabled })
                    }
                    data-testid="operator-edit"
                  >
                    {t('common.edit')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <OperatorFormModal draft={draft} self={self} onClose={() => setDraft(null)} />
    </div>
  );
}
