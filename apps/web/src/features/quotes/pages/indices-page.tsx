import '../quotes.css';
import type { Market } from '@kabuto/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { IndexCards } from '../../../components/index-cards.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useIndices } from '../../../lib/api/use-indices.ts';
import { MARKET_ORDER, useMarket } from '../../../lib/market-choice.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

/** `/quotes/moreZhishu`: every index of every market, grouped by market (the selected one first). */
export function IndicesPage() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const market = useMarket();
  const indices = useIndices(market);
  const order = [market, ...MARKET_ORDER.filter((m) => m !== market)];

  let body: ReactNode;
  if (indices.isPending) body = <ListSkeleton rows={6} />;
  else if (indices.isError) body = <ErrorState onRetry={() => void indices.refetch()} />;
  else if (indices.data.length === 0) body = <Empty />;
  else
    body = (
      <Refreshable onRefresh={() => indices.refetch()}>
        <div className="k-body">
          {order.map((m: Market) => {
            const items = indices.data.filter((q) => q.market === m);
            if (items.length === 0) return null;
            return (
              <section key={m} className="k-q-index-group" data-testid={`indices-${m}`}>
                <h2 className="k-section-title">{t(`market.${m}Long`)}</h2>
                <IndexCards
                  layout="grid"
                  items={items}
                  onOpen={(q) =>
                    navigate(
                      `/quotes/info?symbol=${encodeURIComponent(q.symbol)}&type=${q.market}&kind=index`,
                    )
                  }
                />
              </section>
            );
          })}
        </div>
      </Refreshable>
    );

  return (
    <>
      <PageHeader title={t('indices')} />
      {body}
    </>
  );
}
