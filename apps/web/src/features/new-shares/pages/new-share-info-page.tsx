import '../new-shares.css';
import type { Language } from '@kabuto/contract';
import { useSearchParams } from 'react-router';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { DrawProof } from '../../../components/draw-proof.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NewShareStateChip as StateChip } from '../../../components/new-share-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { verifyLottery } from '../../../lib/draw-proof.ts';
import { formatMarketDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useDrawProof } from '../api/use-draw-proof.ts';
import { type Offering, useOfferings } from '../api/use-offerings.ts';
import { ApplyCard } from '../components/apply-card.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return <Figure label={label}>{children}</Figure>;
}

function Proof({ o }: { o: Offering }) {
  const { t } = useTranslator('newShares');
  const proof = useDrawProof(o.id, o.market, o.seed !== '');
  const data = proof.data;
  return (
    <DrawProof
      testid="ipo"
      className="k-ipo-section"
      t={t}
      commitment={o.commitment}
      seed={o.seed}
      note={data && t('entries', { count: data.entries.length, lots: data.lots.toString() })}
      verify={
        data
          ? async () => {
              const v = await verifyLottery(data);
              // the proof's commitment is the one the list published before the window opened
              return { ...v, commitment: v.commitment && data.commitment === o.commitment };
            }
          : null
      }
    />
  );
}

/** `/home/newShareInfo?id=`: overview, schedule, apply, your result and the lottery proof of one offering. */
export function NewShareInfoPage() {
  const { t } = useTranslator('newShares');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const offerings = useOfferings(storedMarket(), currentLanguage() as Language);
  const o = offerings.data?.find((x) => x.id === id);

  return (
    <>
      <PageHeader title={o?.name ?? t('title')} back="/home/newShare" />
      {offerings.isPending ? (
        <ListSkeleton rows={3} lines={4} />
      ) : offerings.isError && !offerings.data ? (
        <ErrorState onRetry={() => void offerings.refetch()} />
      ) : !o ? (
        <Empty text={t('empty')} />
      ) : (
        <Refreshable onRefresh={() => offerings.refetch()}>
          <section className="k-ipo-section" data-testid="ipo-overview">
            <div className="k-ipo-head">
              <span>
                <span className="k-ipo-name">{o.name}</span>
                <span className="k-ipo-code">{o.code}</span>
              </span>
              <span className="k-ipo-chip">{t(`phase.${o.phase}`)}</span>
            </div>
            <dl className="k-ipo-grid">
              <Row label={t('offerPrice')}>{o.priced ? formatMoney(o.offerPrice, o.market) : '--'}</Row>
              <Row label={t('range')}>
                {formatMoney(o.rangeLow, o.market)}〜{formatMoney(o.rangeHigh, o.market)}
              </Row>
              {o.state === 2 && (
                <Row label={t('refPrice')}>
                  {formatMoney(o.refPrice, o.market)}
                  <MarketModeLabel market={o.market} />
                </Row>
              )}
              <Row label={t('shares')}>{o.shares.toLocaleString()}</Row>
              <Row label={t('maxShares')}>{o.maxShares.toLocaleString()}</Row>
              <Row label={t('lot')}>{o.lot}</Row>
              <Row label={t('underwriter')}>{o.underwriter}</Row>
              <Row label={t('pe')}>{o.pe}</Row>
              <Row label={t('applicants')}>{o.applicants.toLocaleString()}</Row>
              {o.winRate && <Row label={t('winRate')}>{o.winRate}%</Row>}
            </dl>
          </section>
          <section className="k-ipo-section" data-testid="ipo-schedule">
            <h2>{t('schedule')}</h2>
            <dl className="k-ipo-grid">
              <Row label={t('window')}>
                {formatMarketDateTime(o.start, o.market)}〜{formatMarketDateTime(o.end, o.market)}
              </Row>
              <Row label={t('lottery')}>{formatMarketDateTime(o.lottery, o.market)}</Row>
              <Row label={t('paymentDeadline')}>{formatMarketDateTime(o.paymentDeadline, o.market)}</Row>
              <Row label={t('listing')}>{formatMarketDateTime(o.listing, o.market)}</Row>
            </dl>
          </section>
          {o.phase === 1 && !o.mine && <ApplyCard o={o} />}
          {o.mine && (
            <section className="k-ipo-section" data-testid="ipo-mine">
              <div className="k-ipo-head">
                <h2>{t('yourApplication')}</h2>
                <StateChip stateKey={o.mine.stateKey} />
              </div>
              <dl className="k-ipo-grid">
                <Row label={t('applied')}>{o.mine.shares.toLocaleString()}</Row>
                <Row label={t('allotted')}>{o.mine.allotted.toLocaleString()}</Row>
                <Row label={t('money')}>{o.mine.money ? formatMoney(o.mine.money, o.market) : '--'}</Row>
              </dl>
            </section>
          )}
          <Proof o={o} />
        </Refreshable>
      )}
    </>
  );
}
