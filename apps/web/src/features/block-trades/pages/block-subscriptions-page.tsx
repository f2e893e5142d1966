import '../../../components/money.css';
import '../block-trades.css';
import { Link } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useBlockRecords } from '../api/use-block-records.ts';

const STATUS = ['pending', 'allocated', 'refunded'] as const;

/** `/home/large3`: my block subscriptions (pending and frozen, allocated, refunded). */
export function BlockSubscriptionsPage() {
  const { t } = useTranslator('block');
  const records = useBlockRecords('jpy');
  const rows = records.data ?? [];
  return (
    <>
      <PageHeader title={t('records')} back="/home/large" />
      {records.isPending ? (
        <ListSkeleton rows={5} lines={3} />
      ) : records.isError && !rows.length ? (
        <ErrorState onRetry={() => void records.refetch()} />
      ) : (
        <Refreshable onRefresh={() => records.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('noRecords')} />
          ) : (
            <ul className="k-rev-list" data-testid="block-records">
              {rows.map((r) => (
                <li key={r.id} className="k-rev" data-testid="block-record">
                  <div className="k-rev-head">
                    <span className="k-rev-title">
                      <small>{r.symbol}</small>
                      <b>{r.name}</b>
                    </span>
                    <span
                      className={`k-block-chip is-${STATUS[r.status] ?? 'pending'}`}
                      data-testid="block-status"
                    >
                      {t(`status.${STATUS[r.status] ?? 'pending'}`)}
                    </span>
                  </div>
                  <dl className="k-rev-lines">
                    <Figure label={t('price')} className="k-num">
                      {formatMoney(r.price, 'jpy')}
                    </Figure>
                    <Figure label={t('applied')} className="k-num">
                      {r.applied.toLocaleString()}
                    </Figure>
                    <Figure label={t('allocated')} className="k-num" testid="block-allocated">
                      {r.status === 0 ? '-' : r.allocated.toLocaleString()}
                    </Figure>
                    <Figure label={t('held')} className="k-num">
                      {formatMoney(r.held, 'jpy')}
                    </Figure>
                    <Figure label={t('applyTime')}>{formatDateTime(r.createdAt)}</Figure>
                    <Figure label={t('orderNo')} className="k-num">
                      {r.orderNo}
                    </Figure>
                  </dl>
                  {r.status !== 0 && (
                    <Link
                      className="k-block-verify"
                      to={`/home/largeInfo?id=${r.offeringId}`}
                      data-testid="block-verify-link"
                    >
                      {t('verifyLink')}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
