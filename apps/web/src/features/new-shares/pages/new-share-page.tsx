import '../new-shares.css';
import type { Language } from '@kabuto/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NewShareStateChip as StateChip } from '../../../components/new-share-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { formatMarketDate, formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { Phase } from '../api/use-offerings.ts';
import { useOfferings } from '../api/use-offerings.ts';

const TABS = ['upcoming', 'subscribing', 'ended'] as const;
type Tab = (typeof TABS)[number];
const PHASE: Record<Tab, Phase> = { upcoming: 0, subscribing: 1, ended: 2 };

/** `/home/newShare`: the offerings of the current market, by phase (upcoming, subscribing, ended). */
export function NewSharePage() {
  const { t } = useTranslator('newShares');
  const navigate = useNavigate();
  const market = storedMarket();
  const [tab, setTab] = useState<Tab>('subscribing');
  const offerings = useOfferings(market, currentLanguage() as Language);
  const rows = (offerings.data ?? []).filter((o) => o.phase === PHASE[tab]);

  return (
    <>
      <PageHeader title={t('title')} back="/home/index" />
      <SegTabs
        tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))}
        active={tab}
        onChange={setTab}
        testId="ipo-tab"
      />
      <div className="k-ipo-records-link">
        <Link to={`/mine/newShareOrder?stockIndex=${market}`} data-testid="ipo-records-link">
          {t('records')}
        </Link>
      </div>
      {offerings.isPending ? (
        <ListSkeleton rows={4} lines={3} />
      ) : offerings.isError && !offerings.data ? (
        <ErrorState onRetry={() => void offerings.refetch()} />
      ) : (
        <Refreshable onRefresh={() => offerings.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('empty')} />
          ) : (
            <ul className="k-ipo-list" data-testid="ipo-list">
              {rows.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    className="k-ipo-card"
                    data-testid="ipo-card"
                    data-code={o.code}
                    onClick={() => navigate(`/home/newShareInfo?id=${o.id}`)}
                  >
                    <div className="k-ipo-head">
                      <span>
                        <span className="k-ipo-name">{o.name}</span>
                        <span className="k-ipo-code">{o.code}</span>
                      </span>
                      {o.mine ? (
                        <StateChip stateKey={o.mine.stateKey} />
                      ) : (
                        <span className="k-ipo-chip">{t(`phase.${o.phase}`)}</span>
                      )}
                    </div>
                    <dl className="k-ipo-grid">
                      <Figure label={o.priced ? t('offerPrice') : t('range')}>
                        {o.priced
                          ? formatMoney(o.offerPrice, o.market)
                          : `${formatMoney(o.rangeLow, o.market)}〜${formatMoney(o.rangeHigh, o.market)}`}
                      </Figure>
                      <Figure label={t('shares')}>{o.shares.toLocaleString()}</Figure>
                      <Figure label={t('window')}>
                        {formatMarketDate(o.start, o.market).slice(5)}〜
                        {formatMarketDate(o.end, o.market).slice(5)}
                      </Figure>
                      <Figure label={t('listing')}>{formatMarketDate(o.listing, o.market)}</Figure>
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
