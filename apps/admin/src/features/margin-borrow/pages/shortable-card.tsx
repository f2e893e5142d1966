import type { adminApi } from '@kabuto/contract';
import { MARKETS, type Market } from '@kabuto/domain';
import {
  Alert,
  App,
  Button,
  Card,
  ConfigProvider,
  Flex,
  Form,
  Segmented,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useReasonConfirm } from '../../../components/reason-confirm.tsx';
import { ReasonItem } from '../../../components/reason-item.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/states.tsx';
import type { DataOut } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useOperator } from '../../../lib/operator.tsx';
import { canSee } from '../../../lib/roles.ts';
import { useChangeShortable, useShortable, useStocks } from '../api/use-margin-borrow.ts';

type ShortableRow = DataOut<typeof adminApi.shortableList>['list'][number];
type ListName = 'eligible' | 'excluded';
interface AddForm {
  list: ListName;
  symbol?: string;
  reason: string;
}

/** The card's controls at least 44 px high, for a finger. */
const TOUCH = { token: { controlHeight: 44 }, components: { Segmented: { controlHeight: 48 } } };

/**
 * Which stocks may be sold short: the defaults said in words and, for an administrator, each market's
 * list of stocks added to (eligible) or excluded from them, each with its name and whether it may be sold
 * short today as the server's order check decides; a stock of the market is put on a list or taken off,
 * with a reason (audited).
 */
export function ShortableCard() {
  const { t } = useI18n();
  const operator = useOperator();
  const admin = canSee(operator?.role, 'config');
  return (
    <Card title={t('marginBorrow.shortable')} data-testid="shortable-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('marginBorrow.shortableHint')}</Typography.Text>
        {admin ? (
          <ConfigProvider theme={TOUCH}>
            <ShortableEditor />
          </ConfigProvider>
        ) : (
          <Typography.Text data-testid="shortable-admin-only">
            {t('marginBorrow.listAdminOnly')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

function ShortableEditor() {
  const { t, error } = useI18n();
  const { message } = App.useApp();
  const confirm = useReasonConfirm();
  const [market, setMarket] = useState<Market>('jpy');
  const [form] = Form.useForm<AddForm>();
  const symbol = Form.useWatch('symbol', form);
  const shortable = useShortable(market, true);
  const checked = useShortable(market, Boolean(symbol), symbol);
  const stocks = useStocks(market);
  const change = useChangeShortable();
  const [refusal, setRefusal] = useState<unknown>(null);

  const listTag = (list: ListName | null) =>
    list && (
      <Tag
        color={list === 'eligible' ? 'green' : 'red'}
        style={{ marginInlineEnd: 0 }}
        data-testid="shortable-list"
      >
        {t(list === 'eligible' ? 'marginBorrow.eligible' : 'marginBorrow.excluded')}
      </Tag>
    );
  const status = (r: Pick<ShortableRow, 'name' | 'shortable' | 'by_default'>) =>
    r.name ? (
      <Flex wrap gap={6} align="center">
        <Tag
          color={r.shortable ? 'blue' : 'default'}
          style={{ marginInlineEnd: 0 }}
          data-testid="shortable-status"
        >
          {t(r.shortable ? 'marginBorrow.shortableYes' : 'marginBorrow.shortableNo')}
        </Tag>
        <Typography.Text type="secondary" data-testid="shortable-default">
          {t('marginBorrow.byDefault', {
            status: t(r.by_default ? 'marginBorrow.shortableYes' : 'marginBorrow.shortableNo'),
          })}
        </Typography.Text>
      </Flex>
    ) : (
      <Typography.Text type="secondary" data-testid="shortable-status">
        {t('marginBorrow.notInCatalogue')}
      </Typography.Text>
    );

  const pickMarket = (m: Market) => {
    setMarket(m);
    setRefusal(null);
    form.setFieldValue('symbol', undefined);
  };

  const add = (v: AddForm) => {
    const chosen = v.symbol ?? '';
    setRefusal(null);
    return change
      .mutateAsync({ market, list: v.list, symbol: chosen, reason: v.reason.trim() })
      .then(() => {
        message.success(t('marginBorrow.added', { symbol: chosen }));
        form.resetFields(['symbol', 'reason']);
      })
      .catch(setRefusal);
  };

  /** Take a stock off its list: confirmed with a reason. */
  const confirmTakeOff = (row: ShortableRow) =>
    confirm({
      title: t('marginBorrow.takeOffTitle', { symbol: row.symbol }),
      hint: t('marginBorrow.takeOffHint'),
      okText: t('marginBorrow.takeOff'),
      danger: true,
      testId: 'shortable-remove-reason',
      submit: (reason) =>
        change.mutateAsync({
          remove: true,
          market,
          list: row.list ?? 'eligible',
          symbol: row.symbol,
          reason,
        }),
      done: () => message.success(t('marginBorrow.takenOff', { symbol: row.symbol })),
    });

  const listed = new Set((shortable.data?.list ?? []).map((r) => r.symbol));
  const options = (stocks.data?.list ?? [])
    .filter((s) => !listed.has(s.symbol))
    .map((s) => ({ value: s.symbol, label: `${s.symbol} ${s.name}` }));
  const check = symbol && checked.data?.check?.symbol === symbol ? checked.data.check : null;

  return (
    <Flex vertical gap={12} data-testid="shortable-editor">
      <div style={{ overflowX: 'auto' }}>
        <Segmented<Market>
          value={market}
          onChange={pickMarket}
          options={MARKETS.map((m) => ({ value: m, label: m.toUpperCase() }))}
          data-testid="shortable-market"
        />
      </div>
      {shortable.data?.ban && (
        <Alert type="warning" showIcon title={t('marginBorrow.banInForce')} data-testid="shortable-ban" />
      )}
      {shortable.isError && !shortable.data ? (
        <ErrorBlock error={shortable.error} onRetry={() => shortable.refetch()} />
      ) : (
        <Table<ShortableRow>
          rowKey="symbol"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={shortable.isPending}
          dataSource={shortable.data?.market === market ? shortable.data.list : []}
          locale={{ emptyText: <EmptyBlock description={t('marginBorrow.shortableEmpty')} /> }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          onRow={(r) =>
            ({ 'data-testid': 'shortable-row', 'data-symbol': r.symbol }) as HTMLAttributes<HTMLElement>
          }
          columns={[
            {
              key: 'symbol',
              title: t('marginBorrow.symbol'),
              render: (_, r) => (
                <Flex vertical>
                  <Typography.Text strong>{r.symbol}</Typography.Text>
                  {r.name && (
                    <Typography.Text type="secondary" data-testid="shortable-name">
                      {r.name}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            { key: 'list', title: t('marginBorrow.listKind'), render: (_, r) => listTag(r.list) },
            { key: 'today', title: t('marginBorrow.today'), render: (_, r) => status(r) },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_, r) => (
                <Button
                  type="link"
                  danger
                  onClick={() => confirmTakeOff(r)}
                  style={{ minHeight: 44, minWidth: 44 }}
                  data-testid="shortable-remove"
                >
                  {t('marginBorrow.takeOff')}
                </Button>
              ),
            },
          ]}
        />
      )}

      <Form<AddForm>
        form={form}
        layout="vertical"
        initialValues={{ list: 'eligible' }}
        onFinish={add}
        onValuesChange={() => setRefusal(null)}
        data-testid="shortable-form"
      >
        <Flex wrap gap={12}>
          <Form.Item
            name="list"
            label={t('marginBorrow.listKind')}
            style={{ flex: '1 1 200px', minWidth: 0, maxWidth: 320 }}
          >
            <Select
              options={(['eligible', 'excluded'] as const).map((l) => ({
                value: l,
                label: t(l === 'eligible' ? 'marginBorrow.eligibleHint' : 'marginBorrow.excludedHint'),
              }))}
              data-testid="shortable-list-kind"
            />
          </Form.Item>
          <Form.Item
            name="symbol"
            label={t('marginBorrow.symbol')}
            rules={[{ required: true, message: t('form.required') }]}
            style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
            extra={check && <span data-testid="shortable-check">{status(check)}</span>}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('marginBorrow.symbolPlaceholder')}
              loading={stocks.isFetching}
              options={options}
              notFoundContent={stocks.isError ? error(stocks.error) : undefined}
              data-testid="shortable-symbol"
            />
          </Form.Item>
        </Flex>
        <ReasonItem testId="shortable-reason" />
        <Typography.Paragraph type="secondary">{t('marginBorrow.addHint')}</Typography.Paragraph>
        {refusal !== null && (
          <Alert
            type="error"
            showIcon
            title={error(refusal)}
            style={{ marginBottom: 12 }}
            data-testid="shortable-error"
          />
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={change.isPending}
          style={{ minHeight: 44 }}
          data-testid="shortable-add"
        >
          {t('marginBorrow.add')}
        </Button>
      </Form>
    </Flex>
  );
}
