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
import { useAfterMarketTrades } from '../api/use-after-market-trades.ts';
import { useBlockRecords } from '../api/use-block-records.ts';

const STATUS = ['pending', 'allocated', 'refunded'] as const;

/** `/home/large3`: my block subscriptions (pending and frozen, allocated, refunded), then my after-market trades. */
export function BlockSubscriptionsPage() {
  const { t } = useTranslator(['block', 'position']);
  const records = useBlockRecords('jpy');
  const afterMarket = useAfterMarketTrades();
  const rows = records.data ?? [];
  // after-market trades are positions from the moment they fill: newest first, open or closed since
  const trades = afterMarket.data ?? [];
  return (
    <>
      <PageHeader title={t('records')} back="/home/large" />
      {records.isPending ? (
        <ListSkeleton rows={5} lines={3} />
      ) : records.isError && !rows.length ? (
        <ErrorState onRetry={() => void records.refetch()} />
      ) : (
        <Refreshable onRefresh={() => Promise.all([records.refetch(), afterMarket.refetch()])}>
          {rows.length === 0 && trades.length === 0 ? (
            <Empty text={t('noRecords')} />
          ) : rows.length === 0 ? null : (
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
          {trades.length > 0 && (
            <section aria-label={t('afterMarket')}>
              <h2 className="k-block-section">{t('afterMarket')}</h2>
              <ul className="k-rev-list" data-testid="after-market-records">
                {trades.map((p) => (
                  <li key={p.id} className="k-rev" data-testid="after-market-record">
                    <div className="k-rev-head">
                      <span className="k-rev-title">
                        <small>{p.code}</small>
                        <b>{p.name}</b>
                      </span>
                      <span className="k-block-chip is-allocated">
                        {p.direction === 1 ? t('position:dir.long') : t('position:dir.short')}
                      </span>
                    </div>
                    <dl className="k-rev-lines">
                      <Figure label={t('price')} className="k-num">
                        {formatMoney(p.price, 'jpy')}
                      </Figure>
                      <Figure label={t('shares')} className="k-num" testid="after-market-record-shares">
                        {Number(p.quantity).toLocaleString()}
                      </Figure>
                      <Figure label={t('applyTime')}>{formatDateTime(p.time)}</Figure>
                      <Figure label={t('orderNo')} className="k-num">
                        {p.orderNo}
                      </Figure>
                    </dl>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Refreshable>
      )}
    </>
  );
}
