import { App, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { ListCard } from '../../../components/list-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useReasonConfirm } from '../../../components/reason-confirm.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useLoans, useRates, useSetRate } from '../api/use-stock-lending.ts';

type Market = 'jpy' | 'usd' | 'cny' | 'krw';
const MARKETS: readonly Market[] = ['jpy', 'usd', 'cny', 'krw'];
type LoanRow = {
  id: string;
  account: string;
  position_id: string;
  market: string;
  symbol: string;
  name: string;
  quantity: string;
  rate: string;
  accrued: string;
  paid: string;
  status: number;
  recall_reason: string;
  accrued_through: string;
  lent_at: number;
  recalled_at: number | null;
};
type RateRow = { symbol: string; name: string; market_cap: string; rate: string; source: 'tier' | 'symbol' };

/**
 * Stock lending: every loan of shares with filters, and the lending rates (the market-cap tiers are the
 * `lending_rates` setting of the config page; one stock's own rate is set here with a reason, audited).
 * Nothing here sets what a user earns: the fee follows the closes and the rate.
 */
export function StockLendingPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const confirm = useReasonConfirm();
  const [status, setStatus] = useState<'all' | 'lent' | 'recalled'>('all');
  const [market, setMarket] = useState<Market | 'all'>('all');
  const [account, setAccount] = useState('');
  const [symbol, setSymbol] = useState('');
  const [rateMarket, setRateMarket] = useState<Market>('jpy');
  const [filter, setFilter] = useState('');
  const loans = useLoans({
    status,
    market,
    ...(account ? { account } : {}),
    ...(symbol ? { symbol } : {}),
    page: 1,
    size: 100,
  });
  const rates = useRates(rateMarket);
  const setRate = useSetRate();

  const editRate = (row: RateRow) => {
    let rate = row.source === 'symbol' ? row.rate : '';
    confirm({
      title: t('lending.setRateTitle', { symbol: `${row.symbol} ${row.name}` }),
      hint: t('lending.setRateHint'),
      fields: (
        <Input
          defaultValue={rate}
          addonAfter="%"
          onChange={(e) => {
            rate = e.target.value;
          }}
          data-testid="lending-rate-input"
        />
      ),
      okText: t('common.save'),
      testId: 'lending-rate-reason',
      submit: (reason) => setRate.mutateAsync({ symbol: row.symbol, rate: rate.trim(), reason }),
      done: () => message.success(t('lending.rateSaved')),
    });
  };

  const rateRows = ((rates.data?.list ?? []) as RateRow[]).filter(
    (r) => !filter || r.symbol.includes(filter) || r.name.includes(filter),
  );

  return (
    <div data-testid="lending-page">
      <PageHeader title={t('lending.title')} subtitle={t('lending.subtitle')} />
      <Flex vertical gap={16}>
        <ListCard<LoanRow>
          title={t('lending.loans')}
          extra={
            <Space wrap>
              <Select
                value={status}
                onChange={setStatus}
                style={{ width: 120 }}
                options={(['all', 'lent', 'recalled'] as const).map((s) => ({
                  value: s,
                  label: t(`lending.status.${s}`),
                }))}
                data-testid="lending-status-filter"
              />
              <Select
                value={market}
                onChange={setMarket}
                style={{ width: 100 }}
                options={(['all', ...MARKETS] as const).map((m) => ({
                  value: m,
                  label: m === 'all' ? t('lending.allMarkets') : m.toUpperCase(),
                }))}
              />
              <Input.Search
                allowClear
                placeholder={t('lending.account')}
                onSearch={(v) => setAccount(v.trim())}
                style={{ width: 160 }}
              />
              <Input.Search
                allowClear
                placeholder={t('lending.symbol')}
                onSearch={(v) => setSymbol(v.trim())}
                style={{ width: 130 }}
              />
            </Space>
          }
          query={loans}
          rowKey="id"
          emptyText={t('lending.empty')}
          onRow={(r) =>
            ({ 'data-testid': 'lending-loan-row', 'data-id': r.id }) as HTMLAttributes<HTMLElement>
          }
          columns={[
            { key: 'id', title: 'ID', dataIndex: 'id' },
            { key: 'account', title: t('lending.account'), dataIndex: 'account' },
            {
              key: 'symbol',
              title: t('lending.symbol'),
              render: (_, r) => `${r.symbol} ${r.name}`,
            },
            { key: 'quantity', title: t('lending.quantity'), dataIndex: 'quantity' },
            { key: 'rate', title: t('lending.rate'), render: (_, r) => `${r.rate}%` },
            { key: 'accrued', title: t('lending.accrued'), dataIndex: 'accrued' },
            { key: 'paid', title: t('lending.paid'), dataIndex: 'paid' },
            { key: 'through', title: t('lending.accruedThrough'), dataIndex: 'accrued_through' },
            {
              key: 'status',
              title: t('lending.statusTitle'),
              render: (_, r) => (
                <Tag color={r.status === 0 ? 'success' : 'default'}>
                  {r.status === 0
                    ? t('lending.status.lent')
                    : r.recall_reason === 'sell'
                      ? t('lending.recalledBySale')
                      : t('lending.status.recalled')}
                </Tag>
              ),
            },
            { key: 'lent', title: t('lending.lentAt'), render: (_, r) => formatDateTime(r.lent_at) },
            {
              key: 'recalled',
              title: t('lending.recalledAt'),
              render: (_, r) => (r.recalled_at ? formatDateTime(r.recalled_at) : '-'),
            },
          ]}
        />
        <Card
          title={t('lending.rates')}
          extra={
            <Space wrap>
              <Select
                value={rateMarket}
                onChange={setRateMarket}
                style={{ width: 100 }}
                options={MARKETS.map((m) => ({ value: m, label: m.toUpperCase() }))}
              />
              <Input
                allowClear
                placeholder={t('common.search')}
                onChange={(e) => setFilter(e.target.value.trim())}
                data-testid="lending-rate-filter"
              />
            </Space>
          }
        >
          {rates.isError && !rates.data ? (
            <ErrorBlock error={rates.error} onRetry={() => rates.refetch()} />
          ) : (
            <Flex vertical gap={12}>
              <Typography.Text type="secondary" data-testid="lending-tiers">
                {t('lending.tiers')}{' '}
                {(rates.data?.tiers ?? [])
                  .map((tier) =>
                    t('lending.tier', { cap: Number(tier.min_cap).toLocaleString(), rate: tier.rate }),
                  )
                  .join(' / ')}
              </Typography.Text>
              <Table<RateRow>
                rowKey="symbol"
                size="small"
                scroll={{ x: 'max-content' }}
                loading={rates.isPending}
                dataSource={rateRows}
                locale={{ emptyText: <EmptyBlock /> }}
                onRow={(r) =>
                  ({
                    'data-testid': 'lending-rate-row',
                    'data-symbol': r.symbol,
                  }) as HTMLAttributes<HTMLElement>
                }
                pagination={{ pageSize: 20 }}
                columns={[
                  { key: 'symbol', title: t('lending.symbol'), dataIndex: 'symbol' },
                  { key: 'name', title: t('lending.name'), dataIndex: 'name' },
                  {
                    key: 'cap',
                    title: t('lending.marketCap'),
                    render: (_, r) => Number(r.market_cap).toLocaleString(),
                  },
                  { key: 'rate', title: t('lending.rate'), render: (_, r) => `${r.rate}%` },
                  {
                    key: 'source',
                    title: t('lending.source'),
                    render: (_, r) => (
                      <Tag color={r.source === 'symbol' ? 'blue' : 'default'}>
                        {t(`lending.source.${r.source}`)}
                      </Tag>
                    ),
                  },
                  {
                    key: 'actions',
                    title: t('common.actions'),
                    render: (_, r) => (
                      <Typography.Link onClick={() => editRate(r)} data-testid="lending-set-rate">
                        {t('common.edit')}
                      </Typography.Link>
                    ),
                  },
                ]}
              />
            </Flex>
          )}
        </Card>
      </Flex>
    </div>
  );
}
