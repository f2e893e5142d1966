import '../quotes.css';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QuoteList } from '../../../components/quote-list.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { isRank, RANKS, useRanking } from '../../../lib/api/use-ranking.ts';
import { useMarket } from '../../../lib/market-choice.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

const FULL_LIST = 100;

/** `/quotes/moreStock?rank=`: a full ranking of the selected market, with the four rank tabs. */
export function RankingsPage() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const rankParam = params.get('rank');
  const rank = isRank(rankParam) ? rankParam : 'active';
  const market = useMarket();
  const list = useRanking(market, rank, FULL_LIST);

  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton rows={8} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <Refreshable onRefresh={() => list.refetch()}>
        {list.data.length === 0 ? (
          <Empty />
        ) : (
          <QuoteList
            items={list.data}
            market={market}
            ranked
            onOpen={(q) => navigate(`/quotes/info?symbol=${encodeURIComponent(q.symbol)}&type=${market}`)}
          />
        )}
      </Refreshable>
    );

  return (
    <>
      <PageHeader
        title={t('rankings')}
        action={{ icon: 'search', to: '/quotes/search', label: t('search.title') }}
      />
      <div className="k-q-sticky">
        <div className="k-q-switch">
          <MarketSwitcher />
        </div>
        <SegTabs
          tabs={RANKS.map((r) => ({ key: r, label: t(`rank.${r}`) }))}
          active={rank}
          onChange={(r) => setParams({ rank: r }, { replace: true })}
          testId="rank"
        />
      </div>
      <div className="k-q-list-card">{body}</div>
    </>
  );
}
