import { App, Button, Card, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useReasonConfirm } from '../../../components/reason-confirm.tsx';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useAddClosure, useClosures, useRemoveClosure } from '../api/use-closures.ts';

type Market = 'jpy' | 'usd' | 'cny' | 'krw';
const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny', 'krw'];
type Kind = 'closed' | 'half_day';
type ClosureRow = {
  id: string;
  market: string;
  date: string;
  kind: Kind;
  close: string;
  name: string;
  reason: string;
  created_by: string;
  create_time: number;
};
interface AddForm {
  market: Market;
  date: string;
  kind: Kind;
  close?: string;
  name: string;
  reason: string;
}

/**
 * Market closures: a holiday or a half day a market's tables do not know yet (a notice published after
 * the release). It takes effect at once in every server process; adding and removing are audited.
 */
export function CalendarPage() {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const confirm = useReasonConfirm();
  const [market, setMarket] = useState<Market | 'all'>('all');
  const closures = useClosures(market === 'all' ? undefined : market);
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const [form] = Form.useForm<AddForm>();
  const kind = Form.useWatch('kind', form);

  const submit = (v: AddForm) =>
    add
      .mutateAsync({
        market: v.market,
        date: v.date.trim(),
        kind: v.kind,
        ...(v.kind === 'half_day' && v.close ? { close: v.close.trim() } : {}),
        name: v.name.trim(),
        reason: v.reason.trim(),
      })
      .then(() => {
        message.success(t('calendar.added'));
        form.resetFields(['date', 'close', 'name', 'reason']);
      })
      .catch((e) => message.error(error(e)));

  const confirmRemove = (row: ClosureRow) =>
    confirm({
      title: t('calendar.removeTitle', { market: row.market.toUpperCase(), date: row.date }),
      okText: t('calendar.remove'),
      danger: true,
      testId: 'calendar-remove-reason',
      submit: (reason) => remove.mutateAsync({ id: row.id, reason }),
      done: () => message.success(t('calendar.removed')),
    });

  return (
    <div data-testid="calendar-page">
      <PageHeader title={t('calendar.title')} subtitle={t('calendar.subtitle')} />
      <Flex vertical gap={16}>
        <Card title={t('calendar.add')}>
          <Form<AddForm>
            form={form}
            layout="vertical"
            initialValues={{ market: 'jpy', kind: 'closed' }}
            onFinish={submit}
            data-testid="calendar-add-form"
          >
            <Flex wrap gap={12}>
              <Form.Item name="market" label={t('calendar.market')} style={{ minWidth: 120 }}>
                <Select options={MARKETS.map((m) => ({ value: m, label: m.toUpperCase() }))} />
              </Form.Item>
              <Form.Item
                name="date"
                label={t('calendar.date')}
                rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('calendar.dateHint') }]}
              >
                <Input placeholder="YYYY-MM-DD" inputMode="numeric" data-testid="calendar-date" />
              </Form.Item>
              <Form.Item name="kind" label={t('calendar.kind')} style={{ minWidth: 160 }}>
                <Select
                  options={(['closed', 'half_day'] as const).map((k) => ({
                    value: k,
                    label: t(`calendar.kind.${k}`),
                  }))}
                  data-testid="calendar-kind"
                />
              </Form.Item>
              {kind === 'half_day' && (
                <Form.Item
                  name="close"
                  label={t('calendar.close')}
                  rules={[
                    {
                      required: true,
                      pattern: /^([01]\d|2[0-3]):[0-5]\d$/,
                      message: t('calendar.closeHint'),
                    },
                  ]}
                >
                  <Input placeholder="HH:MM" data-testid="calendar-close" />
                </Form.Item>
              )}
              <Form.Item
                name="name"
                label={t('calendar.name')}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input maxLength={100} data-testid="calendar-name" />
              </Form.Item>
            </Flex>
            <ReasonItem testId="calendar-reason" />
            <Typography.Paragraph type="secondary">{t('calendar.localTime')}</Typography.Paragraph>
            <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="calendar-submit">
              {t('calendar.add')}
            </Button>
          </Form>
        </Card>
        <Card
          title={t('calendar.list')}
          extra={
            <Select
              value={market}
              onChange={setMarket}
              style={{ width: 120 }}
              options={(['all', ...MARKETS] as const).map((m) => ({
                value: m,
                label: m === 'all' ? t('calendar.allMarkets') : m.toUpperCase(),
              }))}
            />
          }
        >
          {closures.isError && !closures.data ? (
            <ErrorBlock error={closures.error} onRetry={() => closures.refetch()} />
          ) : (
            <Table<ClosureRow>
              rowKey="id"
              size="small"
              scroll={{ x: 'max-content' }}
              loading={closures.isPending}
              dataSource={(closures.data ?? []) as ClosureRow[]}
              locale={{ emptyText: <EmptyBlock /> }}
              onRow={(r) =>
                ({ 'data-testid': 'calendar-row', 'data-id': r.id }) as HTMLAttributes<HTMLElement>
              }
              pagination={{ pageSize: 20 }}
              columns={[
                { key: 'market', title: t('calendar.market'), render: (_, r) => r.market.toUpperCase() },
                { key: 'date', title: t('calendar.date'), dataIndex: 'date' },
                {
                  key: 'kind',
                  title: t('calendar.kind'),
                  render: (_, r) => (
                    <Tag color={r.kind === 'closed' ? 'red' : 'orange'}>
                      {r.kind === 'closed'
                        ? t('calendar.kind.closed')
                        : `${t('calendar.kind.half_day')} ${r.close}`}
                    </Tag>
                  ),
                },
                { key: 'name', title: t('calendar.name'), dataIndex: 'name' },
                { key: 'reason', title: t('form.reason'), dataIndex: 'reason' },
                { key: 'by', title: t('calendar.by'), dataIndex: 'created_by' },
                { key: 'at', title: t('calendar.at'), render: (_, r) => formatDateTime(r.create_time) },
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_, r) => (
                    <Typography.Link onClick={() => confirmRemove(r)} data-testid="calendar-remove">
                      {t('calendar.remove')}
                    </Typography.Link>
                  ),
                },
              ]}
            />
          )}
        </Card>
      </Flex>
    </div>
  );
}
