import { nameIn } from '@kabuto/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Input,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorBlock } from '../../../components/states.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { formatMarketDateTime, formatMarketWindow, marketOf } from '../../../lib/market-time.ts';
import { useApplications, useOfferingActions, useOfferings } from '../api/use-new-shares.ts';
import { type OfferingDraft, OfferingFormModal } from '../components/offering-form-modal.tsx';

type Row = Record<string, unknown> & { id: string };
const STATE_COLOR = ['blue', 'gold', 'green', 'default'] as const;
type Outcome = 'pending' | 'won' | 'waitlisted' | 'lost';

/**
 * New shares: the catalogue (create, edit, price, cancel), the lottery on demand with its commitment,
 * seed and result, and the applications with filters. Nothing here chooses who wins: the draw is the
 * seeded function over the applications, and the seed was committed to when subscriptions opened.
 */
export function NewSharesPage() {
  const { t, error, maybe, lang } = useI18n();
  const label = (key: string) => maybe(key) ?? key;
  const { message, modal } = App.useApp();
  const offerings = useOfferings();
  const actions = useOfferingActions();
  const [draft, setDraft] = useState<OfferingDraft | null>(null);
  const [pricing, setPricing] = useState<Row | null>(null);
  const [price, setPrice] = useState('');
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const [filter, setFilter] = useState<{
    offering_id?: string;
    status?: string;
    outcome?: Outcome;
    account?: string;
  }>({});
  const [page, setPage] = useState(1);
  const apps = useApplications({ ...filter, page, size: 20 });
  const rows = (offerings.data?.list ?? []) as Row[];

  const draw = (r: Row) =>
    modal.confirm({
      title: t('ipo.drawConfirm', { code: String(r.code) }),
      content: t('ipo.drawHint'),
      okButtonProps: { ...({ 'data-testid': 'ipo-draw-ok' } as object) },
      onOk: () =>
        actions.draw
          .mutateAsync({ id: r.id })
          .then((d) => void message.success(t('ipo.drawn', { won: d.won, applications: d.applications })))
          .catch((e: unknown) => void message.error(error(e))),
    });

  return (
    <div data-testid="new-shares-page">
      <PageHeader title={t('ipo.title')} subtitle={t('ipo.subtitle')} />
      <Flex vertical gap={16}>
        <Card
          title={t('ipo.offerings')}
          extra={
            <Button type="primary" onClick={() => setDraft({})} data-testid="ipo-new">
              {t('ipo.new')}
            </Button>
          }
        >
          {offerings.isError && !offerings.data ? (
            <ErrorBlock error={offerings.error} onRetry={() => offerings.refetch()} />
          ) : (
            <Table<Row>
              rowKey="id"
              size="middle"
              data-testid="ipo-table"
              loading={offerings.isPending}
              dataSource={rows}
              scroll={{ x: 'max-content' }}
              onRow={(r) => ({ 'data-testid': 'ipo-row', 'data-code': r.code }) as never}
              expandable={{
                expandedRowRender: (r) => (
                  <Descriptions column={1} size="small" bordered>
                    <Descriptions.Item label={t('ipo.commitment')}>
                      <Typography.Text code copyable={Boolean(r.commitment)}>
                        {String(r.commitment || '—')}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('ipo.seed')}>
                      <Typography.Text code data-testid="ipo-seed">
                        {String(r.seed || t('ipo.seedHidden'))}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('ipo.result')}>
                      {Array.isArray(r.result) ? (
                        <Typography.Text data-testid="ipo-result">
                          {(r.result as { id: string; outcome: string; lots: string; rank: number }[])
                            .map((x) => `#${x.rank} ${x.id}: ${label(`ipo.outcome.${x.outcome}`)} ${x.lots}`)
                            .join(' · ') || '—'}
                        </Typography.Text>
                      ) : (
                        '—'
                      )}
                    </Descriptions.Item>
                  </Descriptions>
                ),
              }}
              columns={[
                { key: 'code', title: t('ipo.code'), dataIndex: 'code' },
                { key: 'name', title: t('ipo.name'), render: (_: unknown, r) => nameIn(r, lang) },
                {
                  key: 'market',
                  title: t('ipo.market'),
                  render: (_: unknown, r) => String(r.market).toUpperCase(),
                },
                {
                  key: 'state',
                  title: t('ipo.state'),
                  render: (_: unknown, r) => (
                    <Tag color={STATE_COLOR[Number(r.state)]}>
                      {label(`ipo.stateName.${Number(r.state)}`)}
                    </Tag>
                  ),
                },
                {
                  key: 'price',
                  title: t('ipo.price'),
                  render: (_: unknown, r) =>
                    r.offer_price
                      ? formatAmount(r.offer_price, String(r.market))
                      : `${formatAmount(r.range_low)}–${formatAmount(r.range_high)}`,
                },
                { key: 'shares', title: t('ipo.shares'), dataIndex: 'shares' },
                {
                  key: 'window',
                  title: t('ipo.window'),
                  render: (_: unknown, r) => {
                    const market = marketOf(r.market);
                    return market
                      ? formatMarketWindow(r.subscribe_start, r.subscribe_end, market)
                      : `${formatDateTime(r.subscribe_start)} – ${formatDateTime(r.subscribe_end)}`;
                  },
                },
                {
                  key: 'lottery',
                  title: t('ipo.lottery_at'),
                  render: (_: unknown, r) => {
                    const market = marketOf(r.market);
                    return market ? formatMarketDateTime(r.lottery_at, market) : formatDateTime(r.lottery_at);
                  },
                },
                { key: 'apps', title: t('ipo.applications'), dataIndex: 'applications' },
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_: unknown, r) =>
                    Number(r.state) === 0 ? (
                      <Flex gap={4} wrap>
                        <Button size="small" onClick={() => setDraft(r)}>
                          {t('common.edit')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => {
                            setPrice(String(r.offer_price || ''));
                            setPricing(r);
                          }}
                        >
                          {t('ipo.setPrice')}
                        </Button>
                        <Button size="small" type="primary" onClick={() => draw(r)} data-testid="ipo-draw">
                          {t('ipo.draw')}
                        </Button>
                        <Button size="small" danger onClick={() => setCancelling(r)}>
                          {t('ipo.cancel')}
                        </Button>
                      </Flex>
                    ) : null,
                },
              ]}
            />
          )}
        </Card>

        <Card title={t('ipo.applicationsTitle')}>
          <Flex gap={8} wrap style={{ marginBottom: 12 }}>
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('ipo.offering')}
              value={filter.offering_id}
              options={rows.map((r) => ({ value: r.id, label: `${r.code} ${nameIn(r, lang)}` }))}
              onChange={(v) => {
                setFilter((f) => ({ ...f, offering_id: v }));
                setPage(1);
              }}
            />
            <Select
              allowClear
              style={{ minWidth: 160 }}
              placeholder={t('ipo.status')}
              value={filter.status}
              options={[0, 1, 2, 3, 4, 5].map((s) => ({
                value: String(s),
                label: label(`ipo.appStatus.${s}`),
              }))}
              onChange={(v) => {
                setFilter((f) => ({ ...f, status: v }));
                setPage(1);
              }}
            />
            <Select
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('ipo.outcomeLabel')}
              value={filter.outcome}
              options={(['pending', 'won', 'waitlisted', 'lost'] as const).map((o) => ({
                value: o,
                label: label(`ipo.outcome.${o}`),
              }))}
              onChange={(v) => {
                setFilter((f) => ({ ...f, outcome: v }));
                setPage(1);
              }}
            />
            <Input.Search
              allowClear
              style={{ maxWidth: 220 }}
              placeholder={t('ipo.account')}
              onSearch={(v) => {
                setFilter((f) => ({ ...f, account: v.trim() || undefined }));
                setPage(1);
              }}
            />
          </Flex>
          {apps.isError && !apps.data ? (
            <ErrorBlock error={apps.error} onRetry={() => apps.refetch()} />
          ) : (
            <Table<Row>
              rowKey="id"
              size="small"
              data-testid="ipo-applications"
              loading={apps.isPending}
              dataSource={(apps.data?.list ?? []) as Row[]}
              scroll={{ x: 'max-content' }}
              pagination={{ current: page, pageSize: 20, total: apps.data?.total ?? 0, onChange: setPage }}
              columns={[
                { key: 'order', title: t('ipo.order'), dataIndex: 'order_no' },
                { key: 'code', title: t('ipo.code'), dataIndex: 'code' },
                { key: 'account', title: t('ipo.account'), dataIndex: 'account' },
                { key: 'quantity', title: t('ipo.quantity'), dataIndex: 'quantity' },
                { key: 'amount', title: t('ipo.amount'), render: (_: unknown, r) => formatAmount(r.amount) },
                {
                  key: 'status',
                  title: t('ipo.status'),
                  render: (_: unknown, r) => label(`ipo.appStatus.${Number(r.status)}`),
                },
                {
                  key: 'outcome',
                  title: t('ipo.outcomeLabel'),
                  render: (_: unknown, r) => label(`ipo.outcome.${String(r.outcome)}`),
                },
                { key: 'rank', title: t('ipo.rank'), dataIndex: 'rank' },
                { key: 'allotted', title: t('ipo.allotted'), dataIndex: 'allotted' },
                {
                  key: 'time',
                  title: t('ipo.time'),
                  render: (_: unknown, r) => formatDateTime(r.create_time),
                },
              ]}
            />
          )}
        </Card>
      </Flex>

      <OfferingFormModal draft={draft} onClose={() => setDraft(null)} />
      <Modal
        open={pricing !== null}
        title={t('ipo.setPrice')}
        confirmLoading={actions.price.isPending}
        onCancel={() => setPricing(null)}
        onOk={() =>
          pricing &&
          actions.price
            .mutateAsync({ id: pricing.id, offer_price: price.trim() })
            .then(() => {
              message.success(t('ipo.saved'));
              setPricing(null);
            })
            .catch(() => {})
        }
      >
        {actions.price.error && <Alert type="error" showIcon title={error(actions.price.error)} />}
        <Typography.Paragraph>
          {t('ipo.rangeHint', {
            low: String(pricing?.range_low ?? ''),
            high: String(pricing?.range_high ?? ''),
          })}
        </Typography.Paragraph>
        <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
      </Modal>
      <Modal
        open={cancelling !== null}
        title={t('ipo.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        confirmLoading={actions.cancel.isPending}
        onCancel={() => setCancelling(null)}
        onOk={() =>
          cancelling &&
          actions.cancel
            .mutateAsync({ id: cancelling.id, reason: reason.trim() })
            .then(() => {
              message.success(t('ipo.saved'));
              setCancelling(null);
              setReason('');
            })
            .catch(() => {})
        }
      >
        {actions.cancel.error && <Alert type="error" showIcon title={error(actions.cancel.error)} />}
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('form.reasonPlaceholder')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}
