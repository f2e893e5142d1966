import '../../../components/money.css';
import '../stock-lending.css';
import { isMarket, MARKETS, type Market } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { useSearchParams } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { Segmented } from '../../../components/segmented.tsx';
import {
  type Lendable,
  type LendRecord,
  useLendable,
  useLendingActions,
  useLendRecords,
} from '../../../lib/api/stock-lending.ts';
import { formatMarketDateTime, formatMoney } from '../../../lib/format.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

type Tab = 'lendable' | 'records';

/**
 * `/mine/lending?tab=`: stock lending. The fully paid long holdings with their annual rate (lend or
 * recall), and the loans with what accrued and what was paid.
 */
export function StockLendingPage() {
  const { t } = useTranslator('lending');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'lendable';
  const typeParam = params.get('type') ?? '';
  const market: Market = isMarket(typeParam) ? typeParam : storedMarket();
  const change = (next: Record<string, string>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) out.set(k, v);
        return out;
      },
      { replace: true },
    );
  const lendable = useLendable(market, tab === 'lendable');
  const records = useLendRecords(market, tab === 'records');
  const { lend, recall } = useLendingActions(market);
  const money = (v: string) => formatMoney(v, market);

  const confirm = async (title: string, content: string, ok: string, run: () => Promise<unknown>) => {
    if (!(await Dialog.confirm({ title, content, confirmText: ok, cancelText: t('common:actions.back') })))
      return;
    await run().catch(() => {});
  };

  const lendableRow = (r: Lendable) => (
    <li key={r.positionId} className="k-rev" data-testid="lendable-row" data-id={r.positionId}>
      <div className="k-rev-head">
        <span className="k-rev-title">
          <small>{r.symbol}</small>
          <b>{r.name}</b>
        </span>
        <span className={`k-lend-chip ${r.lent ? 'is-lent' : ''}`} data-testid="lendable-state">
          {r.lent ? t('state.lent') : t('state.notLent')}
        </span>
      </div>
      <dl className="k-rev-lines">
        <Figure label={t('shares')} className="k-num">
          {Number(r.shares).toLocaleString()}
        </Figure>
        <Figure label={t('value')} className="k-num">
          {money(r.value)}
        </Figure>
        <Figure label={t('rate')} className="k-num k-lend-rate" testid="lendable-rate">
          {t('ratePa', { rate: r.rate })}
        </Figure>
      </dl>
      <div className="k-lend-actions">
        {r.lent ? (
          <button
            type="button"
            className="k-btn k-btn-ghost"
            disabled={recall.isPending}
            data-testid="lending-recall"
            onClick={() =>
              void confirm(t('recallTitle'), t('recallConfirm', { name: r.name }), t('recall'), () =>
                recall.mutateAsync(r.loanId),
              )
            }
          >
            {t('recall')}
          </button>
        ) : (
          <button
            type="button"
            className="k-btn k-btn-primary"
            disabled={lend.isPending}
            data-testid="lending-lend"
            onClick={() =>
              void confirm(
                t('lendTitle'),
                t('lendConfirm', { name: r.name, shares: Number(r.shares).toLocaleString(), rate: r.rate }),
                t('lend'),
                () => lend.mutateAsync(r.positionId),
              )
            }
          >
            {t('lend')}
          </button>
        )}
      </div>
    </li>
  );

  const recordRow = (r: LendRecord) => (
    <li key={r.id} className="k-rev" data-testid="lend-record" data-id={r.id}>
      <div className="k-rev-head">
        <span className="k-rev-title">
          <small>{r.symbol}</small>
          <b>{r.name}</b>
        </span>
        <span
          className={`k-lend-chip ${r.status === 0 ? 'is-lent' : 'is-recalled'}`}
          data-testid="lend-record-status"
        >
          {r.status === 0
            ? t('state.lent')
            : r.recallReason === 'sell'
              ? t('state.sold')
              : t('state.recalled')}
        </span>
      </div>
      <dl className="k-rev-lines">
        <Figure label={t('shares')} className="k-num">
          {Number(r.shares).toLocaleString()}
        </Figure>
        <Figure label={t('rate')} className="k-num">
          {t('ratePa', { rate: r.rate })}
        </Figure>
        <Figure label={t('accrued')} className="k-num" testid="lend-record-accrued">
          {money(r.accrued)}
        </Figure>
        <Figure label={t('paid')} className="k-num" testid="lend-record-paid">
          {money(r.paid)}
        </Figure>
        <Figure label={t('lentAt')}>{formatMarketDateTime(r.createdAt, market)}</Figure>
        <Figure label={t('recalledAt')}>
          {r.recalledAt ? formatMarketDateTime(r.recalledAt, market) : '--'}
        </Figure>
      </dl>
    </li>
  );

  const list = <T,>(
    q: { isPending: boolean; isError: boolean; data?: T[]; refetch: () => Promise<unknown> },
    empty: string,
    row: (x: T) => React.ReactNode,
    testId: string,
  ) => {
    const rows = q.data ?? [];
    if (q.isPending) return <ListSkeleton rows={4} lines={3} />;
    if (q.isError && !rows.length) return <ErrorState onRetry={() => void q.refetch()} />;
    return (
      <Refreshable onRefresh={() => q.refetch()}>
        {rows.length === 0 ? (
          <Empty text={empty} />
        ) : (
          <ul className="k-rev-list" data-testid={testId}>
            {rows.map(row)}
          </ul>
        )}
      </Refreshable>
    );
  };

  return (
    <>
      <PageHeader title={t('title')} back="/mine/menu" />
      <div className="k-sticky-tabs">
        <Segmented
          value={tab}
          onChange={(v) => change({ tab: v })}
          options={[
            { value: 'lendable', label: t('tab.lendable') },
            { value: 'records', label: t('tab.records') },
          ]}
          label={t('title')}
          testid="lending-tab"
        />
        <Segmented
          value={market}
          onChange={(v) => change({ type: v })}
          options={MARKETS.map((m) => ({ value: m, label: t(`market.${m}`) }))}
          label={t('marketLabel')}
          testid="lending-market"
        />
      </div>
      {tab === 'lendable' ? (
        <>
          <p className="k-lend-intro">{t('intro')}</p>
          {list(lendable, t('emptyLendable'), lendableRow, 'lendable-list')}
        </>
      ) : (
        list(records, t('emptyRecords'), recordRow, 'lend-records')
      )}
    </>
  );
}
