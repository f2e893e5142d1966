import '../new-shares.css';
import type { Language } from '@kabuto/contract';
import { isMarket, type Market } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { useSearchParams } from 'react-router';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NewShareStateChip as StateChip } from '../../../components/new-share-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useRecords } from '../../../lib/api/use-new-share-records.ts';
import { formatDateTime, formatMarketDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { showMsg } from '../../../lib/messages.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useAbstain } from '../api/use-apply.ts';

/** `/mine/newShareOrder?stockIndex=`: the user's subscriptions and wins in a market; a win may be declined. */
export function NewShareOrderPage() {
  const { t } = useTranslator('newShares');
  const [params] = useSearchParams();
  const asked = params.get('stockIndex') ?? '';
  const market: Market = isMarket(asked) ? asked : storedMarket();
  const records = useRecords(market, currentLanguage() as Language);
  const abstain = useAbstain();
  const rows = records.data ?? [];

  const decline = (id: string) =>
    Dialog.confirm({
      content: t('abstainConfirm'),
      onConfirm: async () => {
        try {
          const r = await abstain.mutateAsync({ id, market });
          showMsg(r.code ?? 'ok.abstained');
        } catch {
          // the refusal was shown by the client
        }
      },
    });

  return (
    <>
      <PageHeader title={t('records')} back="/home/newShare" />
      {records.isPending ? (
        <ListSkeleton rows={4} lines={3} />
      ) : records.isError && !records.data ? (
        <ErrorState onRetry={() => void records.refetch()} />
      ) : (
        <Refreshable onRefresh={() => records.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('recordsEmpty')} />
          ) : (
            <ul className="k-ipo-list" data-testid="ipo-records">
              {rows.map((r) => (
                <li key={r.id} className="k-ipo-card" data-testid="ipo-record" data-code={r.code}>
                  <div className="k-ipo-head">
                    <span>
                      <span className="k-ipo-name">{r.name}</span>
                      <span className="k-ipo-code">{r.code}</span>
                    </span>
                    <StateChip stateKey={r.stateKey} />
                  </div>
                  <dl className="k-ipo-grid">
                    <Figure label={t('applied')}>{r.shares.toLocaleString()}</Figure>
                    <Figure label={t('allotted')}>{r.allotted.toLocaleString()}</Figure>
                    <Figure label={t('offerPrice')}>{formatMoney(r.price, market)}</Figure>
                    <Figure label={t('money')}>{r.money ? formatMoney(r.money, market) : '--'}</Figure>
                    <Figure label={t('lottery')}>{formatMarketDateTime(r.lottery, market)}</Figure>
                    <Figure label={t('listing')}>{formatMarketDateTime(r.listing, market)}</Figure>
                    <Figure label={t('order')}>{r.orderNo}</Figure>
                    <Figure label={t('appliedAt')}>{formatDateTime(r.created)}</Figure>
                  </dl>
                  {r.canAbstain && (
                    <button
                      type="button"
                      className="k-btn k-btn-ghost k-btn-block"
                      style={{ marginTop: 10 }}
                      onClick={() => decline(r.id)}
                      data-testid="ipo-abstain"
                    >
                      {t('abstain')}
                    </button>
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
