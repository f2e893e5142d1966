import { nameIn } from '@kabuto/contract';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { EntriesCard } from '../../../components/entries-card.tsx';
import { ListCard } from '../../../components/list-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { EmptyBlock } from '../../../components/states.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useProductAction, useProducts, useRebalances, useStakes } from '../api/use-copy-trade.ts';

type Weight = { symbol: string; weight_bp: number };
type ProductRow = {
  id: string;
  market: string;
  issuer: string;
  name_jp: string;
  name_cn: string;
  name_us: string;
  target_bp: number;
  minimum: string;
  capacity: string;
  raised: string;
  lock_days: number;
  deadline: string;
  ends_at: string;
  nav: string;
  status: number;
  constituents: Weight[];
};
type Terms = {
  market: 'jpy' | 'usd' | 'cny' | 'krw';
  name_jp: string;
  name_cn: string;
  name_us: string;
  issuer: string;
  target_bp: number;
  minimum: string;
  capacity: string;
  lock_days: number;
  deadline: string;
  ends: string;
  listed: boolean;
  weights: string;
};

/** An instant as a datetime-local input shows it (local time, minutes). */
const localInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
/** "7203:50, 6758:30" (percent, up to 2 decimals) ⇄ weights in basis points. */
export const parseWeights = (text: string): Weight[] | null => {
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: Weight[] = [];
  for (const p of parts) {
    const m = /^([A-Za-z0-9.]{1,32})\s*[:=\s]\s*(\d{1,3}(?:\.\d{1,2})?)%?$/.exec(p);
    if (!m) return null;
    out.push({ symbol: m[1].toUpperCase(), weight_bp: Math.round(Number(m[2]) * 100) });
  }
  return out.length ? out : null;
};
const showWeights = (w: Weight[]) => w.map((c) => `${c.symbol}:${c.weight_bp / 100}`).join(', ');
const STATUS = ['listed', 'delisted', 'ended'] as const;
const STAKE_STATUS = ['following', 'ended', 'locked'] as const;

/**
 * Copy-trade products: create and edit the terms, rebalance at market prices with a reason (audited),
 * the rebalance log and the stakes with filters. Nothing here sets a NAV or anyone's profit.
 */
export function CopyTradePage() {
  const { t, error, lang } = useI18n();
  const { message } = App.useApp();
  const [status, setStatus] = useState<'all' | 'listed' | 'delisted' | 'ended'>('all');
  const [stakeStatus, setStakeStatus] = useState<'all' | 'following' | 'locked' | 'ended'>('all');
  const [productId, setProductId] = useState('');
  const [account, setAccount] = useState('');
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  const [rebalancing, setRebalancing] = useState<ProductRow | null>(null);
  const [form] = Form.useForm<Terms>();
  const [rebalanceForm] = Form.useForm<{ weights: string; reason: string }>();
  const products = useProducts({ status, page: 1, size: 100 });
  const stakes = useStakes({
    status: stakeStatus,
    ...(productId ? { product_id: productId } : {}),
    ...(account ? { account } : {}),
    page: 1,
    size: 100,
  });
  const log = useRebalances(rebalancing?.id ?? '');
  const actions = useProductAction();

  const open = (row: ProductRow | 'new') => {
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? {
            market: 'jpy',
            name_jp: '',
            name_cn: '',
            name_us: '',
            issuer: '',
            target_bp: 5,
            minimum: '10000',
            capacity: '10000000',
            lock_days: 7,
            deadline: localInput(Date.now() + 30 * 86_400_000),
            ends: localInput(Date.now() + 180 * 86_400_000),
            listed: true,
            weights: '',
          }
        : {
            market: row.market as Terms['market'],
            name_jp: row.name_jp,
            name_cn: row.name_cn,
            name_us: row.name_us,
            issuer: row.issuer,
            target_bp: row.target_bp,
            minimum: row.minimum,
            capacity: row.capacity,
            lock_days: row.lock_days,
            deadline: localInput(Date.parse(row.deadline)),
            ends: localInput(Date.parse(row.ends_at)),
            listed: row.status === 0,
            weights: showWeights(row.constituents),
          },
    );
  };
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || editing === null) return;
    const terms = {
      name_jp: v.name_jp.trim(),
      name_cn: v.name_cn.trim(),
      name_us: v.name_us.trim(),
      issuer: v.issuer.trim(),
      target_bp: v.target_bp,
      minimum: String(v.minimum).trim(),
      capacity: String(v.capacity).trim(),
      lock_days: v.lock_days,
      deadline: new Date(v.deadline).toISOString(),
      ends: new Date(v.ends).toISOString(),
    };
    const onSuccess = () => {
      message.success(t('products.saved'));
      setEditing(null);
    };
    const onError = (e: unknown) => message.error(error(e));
    if (editing === 'new') {
      const weights = parseWeights(v.weights);
      if (!weights) return message.error(t('products.weightsHint'));
      actions.create.mutate({ market: v.market, ...terms, constituents: weights }, { onSuccess, onError });
    } else actions.edit.mutate({ id: editing.id, ...terms, listed: v.listed }, { onSuccess, onError });
  };
  const rebalance = async () => {
    const v = await rebalanceForm.validateFields().catch(() => null);
    if (!v || !rebalancing) return;
    const weights = parseWeights(v.weights);
    if (!weights) return message.error(t('products.weightsHint'));
    actions.rebalance.mutate(
      { id: rebalancing.id, constituents: weights, reason: v.reason.trim() },
      {
        onSuccess: (r) => {
          message.success(t('products.rebalanced', { nav: r.nav }));
          rebalanceForm.resetFields();
        },
        onError: (e) => message.error(error(e)),
      },
    );
  };

  return (
    <div data-testid="products-page">
      <PageHeader title={t('products.title')} subtitle={t('products.subtitle')} />
      <Flex vertical gap={16}>
        <ListCard<ProductRow>
          title={t('products.list')}
          extra={
            <Space>
              <Select
                value={status}
                onChange={setStatus}
                style={{ width: 140 }}
                options={(['all', ...STATUS] as const).map((s) => ({
                  value: s,
                  label: t(`products.status.${s}`),
                }))}
              />
              <Button type="primary" onClick={() => open('new')} data-testid="product-new">
                {t('products.new')}
              </Button>
            </Space>
          }
          query={products}
          rowKey="id"
          emptyText={t('products.empty')}
          onRow={(r) => ({ 'data-testid': 'product-row', 'data-id': r.id }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'id', title: 'ID', dataIndex: 'id' },
            {
              key: 'name',
              title: t('products.name'),
              render: (_: unknown, r) => `${nameIn(r, lang)} (${r.market})`,
            },
            { key: 'issuer', title: t('products.issuer'), dataIndex: 'issuer' },
            { key: 'nav', title: 'NAV', dataIndex: 'nav' },
            {
              key: 'target',
              title: t('products.target'),
              render: (_: unknown, r) => `${r.target_bp / 100}%`,
            },
            {
              key: 'raised',
              title: t('products.raised'),
              render: (_: unknown, r) =>
                `${formatAmount(r.raised, r.market)} / ${formatAmount(r.capacity, r.market)}`,
            },
            {
              key: 'weights',
              title: t('products.constituents'),
              render: (_: unknown, r) => showWeights(r.constituents),
            },
            {
              key: 'deadline',
              title: t('products.deadline'),
              render: (_: unknown, r) => formatDateTime(Date.parse(r.deadline) / 1000),
            },
            {
              key: 'status',
              title: t('products.statusLabel'),
              render: (_: unknown, r) => (
                <Tag color={['processing', 'default', 'default'][r.status]}>
                  {t(`products.status.${STATUS[r.status] ?? 'listed'}`)}
                </Tag>
              ),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_: unknown, r) => (
                <Space>
                  <Button size="small" onClick={() => open(r)} disabled={r.status === 2}>
                    {t('common.edit')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      setRebalancing(r);
                      rebalanceForm.setFieldsValue({ weights: showWeights(r.constituents), reason: '' });
                    }}
                    disabled={r.status === 2}
                    data-testid="product-rebalance"
                  >
                    {t('products.rebalance')}
                  </Button>
                  <Button size="small" onClick={() => setProductId(r.id)}>
                    {t('products.stakes')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
        <EntriesCard
          title={t('products.stakes')}
          emptyText={t('products.noStakes')}
          query={stakes}
          filters={{
            idPlaceholder: t('products.productId'),
            id: productId,
            onId: setProductId,
            accountPlaceholder: t('products.account'),
            onAccount: setAccount,
            status: stakeStatus,
            onStatus: setStakeStatus,
            statuses: ['all', 'following', 'locked', 'ended'] as const,
            statusLabel: (s) => t(`products.stakeStatus.${s}`),
          }}
          labels={{
            order: t('products.order'),
            parent: t('products.name'),
            account: t('products.account'),
            status: t('products.statusLabel'),
            time: t('products.time'),
          }}
          parentKey="product"
          columns={[
            { key: 'amount', title: t('products.invested'), dataIndex: 'amount' },
            { key: 'stake', title: t('products.stake'), dataIndex: 'stake' },
            { key: 'profit', title: t('products.profit'), dataIndex: 'profit' },
            { key: 'nav', title: t('products.entryNav'), dataIndex: 'entry_nav' },
          ]}
          statusOf={(r) => t(`products.stakeStatus.${STAKE_STATUS[Number(r.status)] ?? 'following'}`)}
        />
      </Flex>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('products.new') : t('products.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={actions.create.isPending || actions.edit.isPending}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {editing === 'new' && (
            <Form.Item name="market" label={t('products.market')}>
              <Select options={['jpy', 'usd', 'cny', 'krw'].map((m) => ({ value: m, label: m }))} />
            </Form.Item>
          )}
          {(['name_jp', 'name_cn', 'name_us', 'issuer'] as const).map((k) => (
            <Form.Item
              key={k}
              name={k}
              label={t(`products.${k}`)}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          ))}
          <Form.Item name="target_bp" label={t('products.targetBp')} extra={t('products.targetHint')}>
            <InputNumber min={-10000} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="minimum" label={t('products.minimum')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="capacity" label={t('products.capacity')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="lock_days" label={t('products.lockDays')}>
            <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="deadline" label={t('products.deadline')} rules={[{ required: true }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="ends" label={t('products.ends')} rules={[{ required: true }]}>
            <Input type="datetime-local" />
          </Form.Item>
          {editing === 'new' ? (
            <Form.Item
              name="weights"
              label={t('products.constituents')}
              extra={t('products.weightsHint')}
              rules={[{ required: true }]}
            >
              <Input.TextArea rows={3} placeholder="7203:50, 6758:30, 9984:20" />
            </Form.Item>
          ) : (
            <Form.Item name="listed" label={t('products.listed')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        open={rebalancing !== null}
        title={t('products.rebalanceTitle', { name: rebalancing ? nameIn(rebalancing, lang) : '' })}
        okText={t('products.rebalance')}
        cancelText={t('common.cancel')}
        confirmLoading={actions.rebalance.isPending}
        onOk={rebalance}
        onCancel={() => setRebalancing(null)}
        width={720}
      >
        <p>{t('products.rebalanceHint')}</p>
        <Form form={rebalanceForm} layout="vertical">
          <Form.Item
            name="weights"
            label={t('products.constituents')}
            extra={t('products.weightsHint')}
            rules={[{ required: true }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <ReasonItem testId="rebalance-reason" />
        </Form>
        <Table
          rowKey={(r) => String(r.id)}
          size="small"
          loading={log.isPending && rebalancing !== null}
          dataSource={log.data?.list ?? []}
          locale={{ emptyText: <EmptyBlock description={t('products.noRebalances')} /> }}
          pagination={false}
          columns={[
            {
              key: 'time',
              title: t('products.time'),
              render: (_: unknown, r: Record<string, unknown>) => formatDateTime(Number(r.create_time)),
            },
            { key: 'operator', title: t('products.operator'), dataIndex: 'operator' },
            { key: 'reason', title: t('form.reason'), dataIndex: 'reason' },
            { key: 'nav', title: 'NAV', dataIndex: 'nav' },
            {
              key: 'after',
              title: t('products.after'),
              render: (_: unknown, r: Record<string, unknown>) =>
                ((r.after as { symbol: string; weight_bp: number; price: string }[]) ?? [])
                  .map((w) => `${w.symbol}:${w.weight_bp / 100}% @${w.price}`)
                  .join(', '),
            },
          ]}
        />
      </Modal>
    </div>
  );
}
