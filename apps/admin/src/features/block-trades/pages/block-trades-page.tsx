import type { blockTradesApi } from '@kabuto/contract';
import { MARKETS, type Market } from '@kabuto/domain';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { EntriesCard } from '../../../components/entries-card.tsx';
import { ListCard } from '../../../components/list-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useReasonConfirm } from '../../../components/reason-confirm.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import {
  formatMarketWindow,
  marketOf,
  marketsForSymbol,
  marketWallClock,
  marketZoneLabel,
  marketZoneShort,
  parseMarketWallClock,
} from '../../../lib/market-time.ts';
import { useBlockAction, useOfferings, useSubscriptions } from '../api/use-block-trades.ts';

type OfferingRow = {
  id: string;
  market: string;
  symbol: string;
  price: string;
  shares: string;
  subscribed: string;
  allocated: string;
  password: boolean;
  start: number;
  end: number;
  status: number;
  commitment: string;
  seed: string;
};
type Allocation = DataOut<typeof blockTradesApi.adminAllocate>;
type Values = {
  /** The exchange whose clock the window is entered on (the server takes the market from the symbol). */
  market: Market;
  symbol: string;
  price: string;
  shares: string;
  password?: string;
  start: string;
  end: string;
};

/** datetime-local text on the exchange's clock → the wire's ISO instant. */
const wireInstant = (text: string, market: Market) =>
  new Date(parseMarketWallClock(text, market) ?? Number.NaN).toISOString();

const STATUS_COLOR = ['processing', 'success', 'default'] as const;
const OFFERING_STATUS = ['open', 'allocated', 'cancelled'] as const;
const SUB_STATUS = ['pending', 'allocated', 'refunded'] as const;

/** Block trades: offerings (create, edit, cancel, run the allocation and see its seed and result) and the subscriptions. */
export function BlockTradesPage() {
  const { t, error } = useI18n();
  const { message, modal } = App.useApp();
  const confirm = useReasonConfirm();
  const [status, setStatus] = useState<'all' | 'open' | 'allocated' | 'cancelled'>('all');
  const [subStatus, setSubStatus] = useState<'all' | 'pending' | 'allocated' | 'refunded'>('all');
  const [offeringId, setOfferingId] = useState<string>('');
  const [account, setAccount] = useState('');
  const [editing, setEditing] = useState<OfferingRow | 'new' | null>(null);
  const [result, setResult] = useState<Allocation | null>(null);
  const [form] = Form.useForm<Values>();
  const formMarket: Market = Form.useWatch('market', form) ?? 'jpy';
  const offerings = useOfferings({ status, page: 1, size: 100 });
  const subs = useSubscriptions({
    status: subStatus,
    ...(offeringId ? { offering_id: offeringId } : {}),
    ...(account ? { account } : {}),
    page: 1,
    size: 100,
  });
  const actions = useBlockAction();

  const open = (row: OfferingRow | 'new') => {
    setEditing(row);
    const market = row === 'new' ? 'jpy' : (marketOf(row.market) ?? 'jpy');
    form.setFieldsValue(
      row === 'new'
        ? {
            market,
            symbol: '',
            price: '',
            shares: '1000',
            password: '',
            start: marketWallClock(Date.now(), market),
            end: marketWallClock(Date.now() + 86_400_000, market),
          }
        : {
            market,
            symbol: row.symbol,
            price: row.price,
            shares: row.shares,
            password: undefined,
            start: marketWallClock(row.start * 1000, market),
            end: marketWallClock(row.end * 1000, market),
          },
    );
  };
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || editing === null) return;
    const body = {
      price: v.price.trim(),
      shares: v.shares.trim(),
      ...(v.password !== undefined ? { password: v.password } : {}),
      start: wireInstant(v.start, v.market),
      end: wireInstant(v.end, v.market),
    };
    const onSuccess = () => {
      message.success(t('block.saved'));
      setEditing(null);
    };
    if (editing === 'new') actions.create.mutate({ symbol: v.symbol.trim(), ...body }, { onSuccess });
    else actions.edit.mutate({ id: editing.id, ...body }, { onSuccess });
  };
  const allocate = (row: OfferingRow) =>
    modal.confirm({
      title: t('block.allocateTitle', { symbol: row.symbol }),
      content: t('block.allocateHint'),
      okText: t('block.allocate'),
      cancelText: t('common.cancel'),
      onOk: () =>
        actions.allocate.mutateAsync({ id: row.id }).then(setResult, (e) => {
          message.error(error(e));
        }),
    });
  const cancel = (row: OfferingRow) =>
    confirm({
      title: t('block.cancelTitle', { symbol: row.symbol }),
      okText: t('block.cancel'),
      danger: true,
      testId: 'block-cancel-reason',
      submit: (reason) => actions.cancel.mutateAsync({ id: row.id, reason }),
    });
  const saveError = actions.create.error ?? actions.edit.error;
  const wallClockRule = {
    validator: (_: unknown, v: string) =>
      !v || parseMarketWallClock(v, form.getFieldValue('market') ?? 'jpy') !== null
        ? Promise.resolve()
        : Promise.reject(new Error(t('form.dateTimeInvalid'))),
  };

  return (
    <div data-testid="block-page">
      <PageHeader title={t('block.title')} subtitle={t('block.subtitle')} />
      <Flex vertical gap={16}>
        <ListCard<OfferingRow>
          title={t('block.offerings')}
          extra={
            <Space>
              <Select
                value={status}
                onChange={setStatus}
                style={{ width: 140 }}
                options={(['all', 'open', 'allocated', 'cancelled'] as const).map((s) => ({
                  value: s,
                  label: t(`block.status.${s}`),
                }))}
              />
              <Button type="primary" onClick={() => open('new')} data-testid="block-new">
                {t('block.new')}
              </Button>
            </Space>
          }
          query={offerings}
          rowKey="id"
          emptyText={t('block.empty')}
          onRow={(r) =>
            ({ 'data-testid': 'block-offering-row', 'data-id': r.id }) as HTMLAttributes<HTMLElement>
          }
          columns={[
            { key: 'id', title: 'ID', dataIndex: 'id' },
            { key: 'symbol', title: t('block.symbol'), dataIndex: 'symbol' },
            {
              key: 'price',
              title: t('block.price'),
              render: (_: unknown, r) => formatAmount(r.price, r.market),
            },
            {
              key: 'shares',
              title: t('block.shares'),
              render: (_: unknown, r) => `${r.subscribed} / ${r.shares}`,
            },
            { key: 'allocated', title: t('block.allocated'), dataIndex: 'allocated' },
            {
              key: 'password',
              title: t('block.password'),
              render: (_: unknown, r) => (r.password ? t('common.yes') : t('common.no')),
            },
            {
              key: 'window',
              title: t('block.window'),
              render: (_: unknown, r) => {
                const market = marketOf(r.market);
                return (
                  <span style={{ whiteSpace: 'nowrap' }} data-testid="block-window">
                    {market
                      ? formatMarketWindow(r.start, r.end, market)
                      : `${formatDateTime(r.start)} – ${formatDateTime(r.end)}`}
                  </span>
                );
              },
            },
            {
              key: 'status',
              title: t('block.statusLabel'),
              render: (_: unknown, r) => (
                <Tag color={STATUS_COLOR[r.status]}>
                  {t(`block.status.${OFFERING_STATUS[r.status] ?? 'open'}`)}
                </Tag>
              ),
            },
            {
              key: 'seed',
              title: t('block.seed'),
              render: (_: unknown, r) => (
                <Typography.Text code style={{ fontSize: 11 }}>
                  {r.seed || `#${r.commitment.slice(0, 16)}…`}
                </Typography.Text>
              ),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_: unknown, r) =>
                r.status === 0 ? (
                  <Space>
                    <Button size="small" onClick={() => open(r)} disabled={r.subscribed !== '0'}>
                      {t('common.edit')}
                    </Button>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => allocate(r)}
                      data-testid="block-allocate"
                    >
                      {t('block.allocate')}
                    </Button>
                    <Button size="small" danger onClick={() => cancel(r)}>
                      {t('block.cancel')}
                    </Button>
                  </Space>
                ) : (
                  <Button size="small" onClick={() => setOfferingId(r.id)}>
                    {t('block.subscriptions')}
                  </Button>
                ),
            },
          ]}
        />
        <EntriesCard
          title={t('block.subscriptions')}
          emptyText={t('block.noSubscriptions')}
          query={subs}
          filters={{
            idPlaceholder: t('block.offeringId'),
            id: offeringId,
            onId: setOfferingId,
            accountPlaceholder: t('block.account'),
            onAccount: setAccount,
            status: subStatus,
            onStatus: setSubStatus,
            statuses: ['all', 'pending', 'allocated', 'refunded'] as const,
            statusLabel: (s) => t(`block.subStatus.${s}`),
          }}
          labels={{
            order: t('block.order'),
            parent: t('block.offeringId'),
            account: t('block.account'),
            status: t('block.statusLabel'),
            time: t('block.time'),
          }}
          parentKey="offering_id"
          columns={[
            { key: 'symbol', title: t('block.symbol'), dataIndex: 'symbol' },
            { key: 'quantity', title: t('block.applied'), dataIndex: 'quantity' },
            { key: 'allocated', title: t('block.allocated'), dataIndex: 'allocated' },
            { key: 'amount', title: t('block.held'), dataIndex: 'amount' },
          ]}
          statusOf={(r) => t(`block.subStatus.${SUB_STATUS[Number(r.status)] ?? 'pending'}`)}
        />
      </Flex>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('block.new') : t('block.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={actions.create.isPending || actions.edit.isPending}
        onOk={save}
        onCancel={() => setEditing(null)}
      >
        {saveError && <Alert type="error" showIcon title={error(saveError)} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical">
          <Form.Item
            name="symbol"
            label={t('block.symbol')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input
              disabled={editing !== 'new'}
              maxLength={32}
              data-testid="block-symbol"
              onChange={(e) => {
                // a symbol only one market's codes look like picks that market's clock
                const fits = marketsForSymbol(e.target.value);
                if (fits?.length === 1) form.setFieldValue('market', fits[0]);
              }}
            />
          </Form.Item>
          <Form.Item
            name="market"
            label={t('block.market')}
            dependencies={['symbol']}
            extra={t('schedule.zoneHint', { zone: marketZoneLabel(formMarket) })}
            rules={[
              { required: true, message: t('form.required') },
              {
                warningOnly: true,
                validator: (_, m: Market) => {
                  const fits = marketsForSymbol(String(form.getFieldValue('symbol') ?? ''));
                  return !fits || fits.includes(m)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('block.marketMismatch')));
                },
              },
            ]}
          >
            <Select
              disabled={editing !== 'new'}
              data-testid="block-market"
              options={MARKETS.map((m) => ({ value: m, label: m.toUpperCase() }))}
            />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('block.price')}
            rules={[{ required: true, pattern: /^\d{1,15}(\.\d{1,4})?$/, message: t('form.amountInvalid') }]}
          >
            <Input inputMode="decimal" data-testid="block-price" />
          </Form.Item>
          <Form.Item
            name="shares"
            label={t('block.shares')}
            rules={[{ required: true, pattern: /^[1-9]\d*00$/, message: t('block.sharesHint') }]}
          >
            <Input inputMode="numeric" data-testid="block-shares" />
          </Form.Item>
          <Form.Item name="password" label={t('block.password')} extra={t('block.passwordHint')}>
            <Input maxLength={64} data-testid="block-password" />
          </Form.Item>
          <Form.Item
            name="start"
            label={t('block.start')}
            rules={[{ required: true, message: t('form.required') }, wallClockRule]}
          >
            <Input type="datetime-local" suffix={marketZoneShort(formMarket)} data-testid="block-start" />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('block.end')}
            rules={[{ required: true, message: t('form.required') }, wallClockRule]}
          >
            <Input type="datetime-local" suffix={marketZoneShort(formMarket)} data-testid="block-end" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={result !== null}
        title={t('block.result')}
        footer={null}
        onCancel={() => setResult(null)}
        width={640}
      >
        {result && (
          <Flex vertical gap={12} data-testid="block-result">
            <Typography.Text>
              {t('block.seed')}:{' '}
              <Typography.Text code copyable data-testid="block-seed">
                {result.seed}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text>
              {t('block.commitment')}: <Typography.Text code>{result.commitment}</Typography.Text>
            </Typography.Text>
            <Typography.Text>
              {t('block.allocated')}: {result.allocated}
            </Typography.Text>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={result.lines}
              columns={[
                { key: 'id', title: 'ID', dataIndex: 'id' },
                { key: 'user', title: t('block.user'), dataIndex: 'user_id' },
                { key: 'quantity', title: t('block.applied'), dataIndex: 'quantity' },
                { key: 'allocated', title: t('block.allocated'), dataIndex: 'allocated' },
                {
                  key: 'status',
                  title: t('block.statusLabel'),
                  render: (_: unknown, r) => t(`block.subStatus.${SUB_STATUS[r.status] ?? 'pending'}`),
                },
              ]}
            />
          </Flex>
        )}
      </Modal>
    </div>
  );
}
