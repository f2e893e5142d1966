import type { FundRecordType } from '@kabuto/contract';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useState } from 'react';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';
import { type RecordFilter, useFundRecords } from '../api/use-fund-records.ts';
import { RECORD_KINDS } from '../record-kinds.ts';
import { FundRow } from './fund-row.tsx';
import { StatementSheet } from './statement-sheet.tsx';

export function FundsTab() {
  const { t } = useTranslator('money');
  const [filter, setFilter] = useState<RecordFilter>({});
  const [csvOpen, setCsvOpen] = useState(false);
  const records = useFundRecords(filter);
  const rows = records.data?.pages.flatMap((p) => p.list) ?? [];

  const setDate = (key: 'start' | 'end') => (value: string) =>
    setFilter((f) => ({ ...f, [key]: value || undefined }));
  const badRange = filter.start && filter.end && filter.start > filter.end;

  return (
    <>
      <div className="k-filters is-records">
        <label className="k-filter is-kind">
          <span className="k-sr-only">{t('records.kind')}</span>
          <select
            value={filter.kind ?? ''}
            onChange={(e) =>
              setFilter((f) => ({ ...f, kind: (e.target.value || undefined) as FundRecordType | undefined }))
            }
            data-testid="records-kind"
          >
            <option value="">{t('records.allKinds')}</option>
            {RECORD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="k-filter-btn"
          onClick={() => setCsvOpen(true)}
          data-testid="records-csv"
          aria-label={t('records.csv')}
        >
          <MoneyIcon name="download" size={18} />
          CSV
        </button>
        <div className="k-filter is-dates">
          <label>
            <span className="k-sr-only">{t('records.from')}</span>
            <input
              type="date"
              value={filter.start ?? ''}
              max={filter.end}
              onChange={(e) => setDate('start')(e.target.value)}
              data-testid="records-start"
            />
          </label>
          <span aria-hidden="true">〜</span>
          <label>
            <span className="k-sr-only">{t('records.to')}</span>
            <input
              type="date"
              value={filter.end ?? ''}
              min={filter.start}
              onChange={(e) => setDate('end')(e.target.value)}
              data-testid="records-end"
            />
          </label>
        </div>
      </div>
      {(filter.kind || filter.start || filter.end) && (
        <div className="k-filter-summary">
          <span>{t('records.filtered')}</span>
          <button type="button" className="k-text-link" onClick={() => setFilter({})}>
            {t('records.clear')}
          </button>
        </div>
      )}
      {badRange ? (
        <Empty text={t('records.badRange')} />
      ) : records.isPending ? (
        <ListSkeleton rows={6} />
      ) : records.isError && !rows.length ? (
        <ErrorState onRetry={() => void records.refetch()} />
      ) : (
        <Refreshable onRefresh={() => records.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('records.empty')} />
          ) : (
            <>
              <p className="k-rec-note" data-testid="records-balance-note">
                {t('records.balanceNote')}
              </p>
              <ul className="k-rec-list" data-testid="fund-records">
                {rows.map((r) => (
                  <FundRow key={r.id} row={r} />
                ))}
              </ul>
              <InfiniteScroll
                loadMore={async () => {
                  await records.fetchNextPage();
                }}
                hasMore={!!records.hasNextPage && !records.isError}
              >
                {records.hasNextPage ? t('shell:states.loading') : t('records.end')}
              </InfiniteScroll>
            </>
          )}
        </Refreshable>
      )}
      <StatementSheet open={csvOpen} onClose={() => setCsvOpen(false)} filter={filter} />
    </>
  );
}
