import type { Market } from '@kabuto/domain';
import '../../../components/money.css';
import '../block-trades.css';
import { useNavigate } from 'react-router';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatMarketDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useOfferings } from '../api/use-offerings.ts';

/** `/home/large`: the open and upcoming block-trade offerings. */
export function BlockTradesPage() {
  const { t } = useTranslator('block');
  const navigate = useNavigate();
  const offerings = useOfferings('jpy', 'block');
  const rows = offerings.data ?? [];
  const now = Date.now() / 1000;
  return (
    <>
      <PageHeader title={t('title')} action={{ icon: 'order', to: '/home/large3', label: t('records') }} />
      {offerings.isPending ? (
        <ListSkeleton rows={4} lines={3} />
      ) : offerings.isError && !rows.length ? (
        <ErrorState onRetry={() => void offerings.refetch()} />
      ) : (
        <Refreshable onRefresh={() => offerings.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('empty')} />
          ) : (
            <ul className="k-rev-list" data-testid="block-offerings">
              {rows.map((o) => (
                <li key={o.id} className="k-rev">
                  <button
                    type="button"
                    className="k-block-row"
                    data-testid="block-offering"
                    onClick={() => navigate(`/home/largeInfo?id=${o.id}`)}
                  >
                    <div className="k-rev-head">
                      <span className="k-rev-title">
                        <small>{o.symbol}</small>
                        <b>{o.name}</b>
                      </span>
                      <span className={`k-block-chip${o.start > now ? '' : ' is-open'}`}>
                        {o.start > now ? t('upcoming') : t('open')}
                        {o.needsPassword ? ` · ${t('private')}` : ''}
                      </span>
                    </div>
                    <dl className="k-rev-lines">
                      <Figure label={t('price')} className="k-num">
                        {formatMoney(o.price, 'jpy')}
                        <MarketModeLabel market="jpy" />
                      </Figure>
                      <Figure label={t('shares')} className="k-num">
                        {o.shares.toLocaleString()}
                      </Figure>
                      <Figure label={t('window')}>
                        {formatMarketDateTime(o.start, o.market as Market)} –{' '}
                        {formatMarketDateTime(o.end, o.market as Market)}
                      </Figure>
                    </dl>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
