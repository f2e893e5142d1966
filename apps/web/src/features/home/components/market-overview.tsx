import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { IndexCards } from '../../../components/index-cards.tsx';
import { MarketSwitcher } from '../../../components/market-switcher.tsx';
import { QuoteList } from '../../../components/quote-list.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { useIndices } from '../../../lib/api/use-indices.ts';
import { RANKS, type Rank, useRanking } from '../../../lib/api/use-ranking.ts';
import { useMarket } from '../../../lib/market-choice.ts';
import { useHasScreen } from '../../../lib/screens.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { HOME_RANK_ROWS } from '../opening-calls.ts';

const infoPath = (symbol: string, type: string, kind?: 'index') =>
  `/quotes/info?symbol=${encodeURIComponent(symbol)}&type=${type}${kind ? '&kind=index' : ''}`;

/** Home: the selected market's indices first (tap → index detail). */
export function HomeIndices() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const market = useMarket();
  const indices = useIndices(market);
  return (
    <section className="k-home-indices" aria-label={t('indices')}>
      <div className="k-section-head is-compact">
        <h2>{t('indices')}</h2>
        {hasScreen('/quotes/moreZhishu') && (
          <button
            type="button"
            className="k-more"
            onClick={() => navigate('/quotes/moreZhishu')}
            data-testid="more-indices"
          >
            {t('more')}
            <Icon name="right" size={14} />
          </button>
        )}
      </div>
      {indices.isPending ? (
        <div className="k-index-skeleton" aria-busy="true" />
      ) : indices.isError ? (
        <button type="button" className="k-inline-error" onClick={() => void indices.refetch()}>
          {t('shell:states.error')} · {t('common:actions.retry')}
        </button>
      ) : indices.data.length === 0 ? (
        <p className="k-inline-empty">{t('shell:states.empty')}</p>
      ) : (
        <IndexCards items={indices.data} onOpen={(q) => navigate(infoPath(q.symbol, q.market, 'index'))} />
      )}
    </section>
  );
}

/** Home: the four rankings (active, rising, falling, popular) of the selected market as tabs. */
export function HomeRankings() {
  const { t } = useTranslator('quotes');
  const navigate = useNavigate();
  const hasScreen = useHasScreen();
  const market = useMarket();
  const [rank, setRank] = useState<Rank>('active');
  const ranking = useRanking(market, rank, HOME_RANK_ROWS);
  return (
    <section className="k-card k-home-rank k-home-later">
      <div className="k-section-head">
        <h2>{t('rankings')}</h2>
        {hasScreen('/quotes/search') && (
          <button
            type="button"
            className="k-icon-btn"
            onClick={() => navigate('/quotes/search')}
            aria-label={t('search.title')}
            data-testid="home-search"
          >
            <Icon name="search" size={20} />
          </button>
        )}
      </div>
      <div className="k-card-pad is-tight">
        <MarketSwitcher />
      </div>
      <SegTabs
        tabs={RANKS.map((r) => ({ key: r, label: t(`rank.${r}`) }))}
        active={rank}
        onChange={setRank}
        testId="rank"
      />
      {ranking.isPending ? (
        <div className="k-inline-loading">{t('shell:states.loading')}</div>
      ) : ranking.isError ? (
        <button type="button" className="k-inline-error" onClick={() => void ranking.refetch()}>
          {t('shell:states.error')} · {t('common:actions.retry')}
        </button>
      ) : ranking.data.length === 0 ? (
        <p className="k-inline-empty">{t('shell:states.empty')}</p>
      ) : (
        <QuoteList
          items={ranking.data}
          market={market}
          ranked
          onOpen={(q) => navigate(infoPath(q.symbol, market))}
        />
      )}
      {hasScreen('/quotes/moreStock') && (
        <button
          type="button"
          className="k-list-more"
          onClick={() => navigate(`/quotes/moreStock?rank=${rank}`)}
          data-testid="more-stocks"
        >
          {t('moreRanking')}
          <Icon name="right" size={14} />
        </button>
      )}
    </section>
  );
}
