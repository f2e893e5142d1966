import { adminApi } from '@kabuto/contract';
import {
  displayDecimal,
  ISO_CODE,
  isMarket,
  MARKETS,
  type Market,
  parseUnits,
  withCurrencySign,
} from '@kabuto/domain';
import { Alert, App, Button, Card, Flex, Form, Input, Select, Table, Typography } from 'antd';
import { type HTMLAttributes, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useReasonConfirm } from '../../../components/reason-confirm.tsx';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { usePremiums, useSetPremium, useStocks } from '../api/use-margin-borrow.ts';
import { ShortableCard } from './shortable-card.tsx';

type PremiumRow = { symbol: string; market: string; premium: string };
type RateRow = { market: string; interest: string; short_fee: string };
interface SetForm {
  market: Market;
  symbol?: string;
  premium: string;
  reason: string;
}

/** The premium's wire form ("0.0500") as read: "0.05円", "$1.5". */
export function premiumText(premium: string, market: string): string {
  const units = parseUnits(premium);
  if (units === null) return premium;
  const figure = displayDecimal(units, 4).replace(/\.?0+$/, '');
  return isMarket(market) ? withCurrencySign(figure, market) : figure;
}

/** The premium's wire form as typed in the form: "1200.0500" → "1200.05" (no separators). */
export const plainPremium = (premium: string): string =>
  premium.includes('.') ? premium.replace(/0+$/, '').replace(/\.$/, '') : premium;

/** The contract's own rule for the amount (digits, at most four decimals). */
const premiumFits = (v: string) => adminApi.marginPremium.body.shape.premium.safeParse(v).success;

/**
 * Margin borrowing: the yearly financing rates per market, every stock's 逆日歩 (an amount per share per
 * day in the market's currency, charged to shorts on top of the lending fee from the next day accrued),
 * set or removed here with a reason (audited), and the operator's shortable list per market.
 */
export function MarginBorrowPage() {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const confirm = useReasonConfirm();
  const [form] = Form.useForm<SetForm>();
  const market = Form.useWatch('market', form) ?? 'jpy';
  const premiums = usePremiums();
  const stocks = useStocks(market);
  const save = useSetPremium();
  const [refusal, setRefusal] = useState<unknown>(null);
  const formCard = useRef<HTMLDivElement>(null);

  const submit = (v: SetForm) => {
    const symbol = v.symbol ?? '';
    setRefusal(null);
    return save
      .mutateAsync({ symbol, premium: v.premium.trim(), reason: v.reason.trim() })
      .then(() => {
        message.success(t('marginBorrow.saved', { symbol }));
        form.resetFields(['symbol', 'premium', 'reason']);
      })
      .catch(setRefusal);
  };

  const edit = (row: PremiumRow) => {
    setRefusal(null);
    form.setFieldsValue({
      ...(isMarket(row.market) ? { market: row.market } : {}),
      symbol: row.symbol,
      premium: plainPremium(row.premium),
      reason: '',
    });
    formCard.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const confirmRemove = (row: PremiumRow) =>
    confirm({
      title: t('marginBorrow.removeTitle', { symbol: row.symbol }),
      hint: t('marginBorrow.removeHint'),
      okText: t('marginBorrow.remove'),
      danger: true,
      testId: 'borrow-remove-reason',
      submit: (reason) => save.mutateAsync({ symbol: row.symbol, premium: '', reason }),
      done: () => message.success(t('marginBorrow.removed', { symbol: row.symbol })),
    });

  const stockOptions = (stocks.data?.list ?? []).map((s) => ({
    value: s.symbol,
    label: `${s.symbol} ${s.name}`,
  }));
  const rows = [...((premiums.data?.premiums ?? []) as PremiumRow[])].sort(
    (a, b) => a.market.localeCompare(b.market) || a.symbol.localeCompare(b.symbol),
  );

  return (
    <div data-testid="margin-borrow-page">
      <PageHeader title={t('marginBorrow.title')} subtitle={t('marginBorrow.subtitle')} />
      <Flex vertical gap={16}>
        <Card title={t('marginBorrow.rates')}>
          {premiums.isError && !premiums.data ? (
            <ErrorBlock error={premiums.error} onRetry={() => premiums.refetch()} />
          ) : (
            <Flex vertical gap={8}>
              <Table<RateRow>
                rowKey="market"
                size="small"
                scroll={{ x: 'max-content' }}
                loading={premiums.isPending}
                dataSource={(premiums.data?.rates ?? []) as RateRow[]}
                locale={{ emptyText: <EmptyBlock /> }}
                pagination={false}
                onRow={(r) =>
                  ({
                    'data-testid': 'borrow-rate-row',
                    'data-market': r.market,
                  }) as HTMLAttributes<HTMLElement>
                }
                columns={[
                  {
                    key: 'market',
                    title: t('marginBorrow.market'),
                    render: (_, r) => r.market.toUpperCase(),
                  },
                  { key: 'interest', title: t('marginBorrow.interest'), render: (_, r) => `${r.interest}%` },
                  { key: 'fee', title: t('marginBorrow.shortFee'), render: (_, r) => `${r.short_fee}%` },
                ]}
              />
              <Typography.Text type="secondary">{t('marginBorrow.ratesHint')}</Typography.Text>
            </Flex>
          )}
        </Card>

        <div ref={formCard}>
          <Card title={t('marginBorrow.setTitle')}>
            <Form<SetForm>
              form={form}
              layout="vertical"
              initialValues={{ market: 'jpy' }}
              onFinish={submit}
              onValuesChange={() => setRefusal(null)}
              data-testid="borrow-form"
            >
              <Flex wrap gap={12}>
                <Form.Item name="market" label={t('marginBorrow.market')} style={{ minWidth: 120 }}>
                  <Select
                    options={MARKETS.map((m) => ({ value: m, label: m.toUpperCase() }))}
                    onChange={() => form.setFieldValue('symbol', undefined)}
                    data-testid="borrow-market"
                  />
                </Form.Item>
                <Form.Item
                  name="symbol"
                  label={t('marginBorrow.symbol')}
                  rules={[{ required: true, message: t('form.required') }]}
                  style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('marginBorrow.symbolPlaceholder')}
                    loading={stocks.isFetching}
                    options={stockOptions}
                    notFoundContent={stocks.isError ? error(stocks.error) : undefined}
                    data-testid="borrow-symbol"
                  />
                </Form.Item>
                <Form.Item
                  name="premium"
                  label={t('marginBorrow.premium')}
                  required
                  style={{ flex: '1 1 200px', minWidth: 0, maxWidth: 320 }}
                  rules={[
                    {
                      validator: (_, v: string | undefined) => {
                        const text = (v ?? '').trim();
                        if (!text) return Promise.reject(new Error(t('form.required')));
                        if (!premiumFits(text)) return Promise.reject(new Error(t('form.amountInvalid')));
                        if (!((parseUnits(text) ?? 0n) > 0n))
                          return Promise.reject(new Error(t('marginBorrow.amountPositive')));
                        return Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input
                    inputMode="decimal"
                    placeholder="0.05"
                    suffix={t('marginBorrow.unit', { currency: ISO_CODE[market] })}
                    data-testid="borrow-premium"
                  />
                </Form.Item>
              </Flex>
              <ReasonItem testId="borrow-reason" />
              <Typography.Paragraph type="secondary">{t('marginBorrow.setHint')}</Typography.Paragraph>
              {refusal !== null && (
                <Alert
                  type="error"
                  showIcon
                  title={error(refusal)}
                  style={{ marginBottom: 12 }}
                  data-testid="borrow-error"
                />
              )}
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                style={{ minHeight: 44 }}
                data-testid="borrow-submit"
              >
                {t('marginBorrow.save')}
              </Button>
            </Form>
          </Card>
        </div>

        <Card title={t('marginBorrow.list')}>
          {premiums.isError && !premiums.data ? (
            <ErrorBlock error={premiums.error} onRetry={() => premiums.refetch()} />
          ) : (
            <Table<PremiumRow>
              rowKey="symbol"
              size="small"
              scroll={{ x: 'max-content' }}
              loading={premiums.isPending}
              dataSource={rows}
              locale={{ emptyText: <EmptyBlock description={t('marginBorrow.empty')} /> }}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              onRow={(r) =>
                ({
                  'data-testid': 'borrow-premium-row',
                  'data-symbol': r.symbol,
                }) as HTMLAttributes<HTMLElement>
              }
              columns={[
                {
                  key: 'market',
                  title: t('marginBorrow.market'),
                  render: (_, r) => (r.market ? r.market.toUpperCase() : '—'),
                },
                { key: 'symbol', title: t('marginBorrow.symbol'), dataIndex: 'symbol' },
                {
                  key: 'premium',
                  title: t('marginBorrow.premium'),
                  render: (_, r) => (
                    <span data-testid="borrow-premium-value">{premiumText(r.premium, r.market)}</span>
                  ),
                },
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_, r) => (
                    <Flex gap={4} wrap>
                      <Button type="link" onClick={() => edit(r)} data-testid="borrow-edit">
                        {t('common.edit')}
                      </Button>
                      <Button type="link" danger onClick={() => confirmRemove(r)} data-testid="borrow-remove">
                        {t('marginBorrow.remove')}
                      </Button>
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Card>

        <ShortableCard />
      </Flex>
    </div>
  );
}
