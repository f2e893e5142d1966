import '../../../components/money.css';
import '../records.css';
import type { FundRecordType } from '@kabuto/contract';
import { type Currency, isCurrency } from '@kabuto/domain';
import { InfiniteScroll, Popup } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { Segmented } from '../../../components/segmented.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useDeposits } from '../../../lib/api/use-deposits.ts';
import { maskedNumber } from '../../../lib/bank-card.ts';
import { formatDateTime, formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { WALLETS } from '../../../lib/wallets.ts';
import { type FundRecord, type RecordFilter, useFundRecords } from '../api/use-fund-records.ts';
import { useFundStatement } from '../api/use-fund-statement.ts';
import { useWithdrawals } from '../api/use-withdrawals.ts';
import { daysBefore, jstDate, spanDays } from '../dates.ts';
import { RECORD_ICON, RECORD_KINDS } from '../record-kinds.ts';

const TABS = ['funds', 'deposit', 'withdrawal'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/** The longest statement the server writes. */
const STATEMENT_MAX_DAYS = 366;

/** `/mine/transactionRecords` (`?tab=funds|deposit|withdrawal`): fund records, deposits, withdrawals. */
export function RecordsPage() {
  const { t } = useTranslation('money');
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'funds';
  const typeParam = params.get('type') ?? '';
  const wallet: Currency = isCurrency(typeParam) ? typeParam : storedMarket();

  const change = (next: Record<string, string>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) out.set(k, v);
        return out;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('records.title')} back="/mine/myPage" />
      <div className="k-sticky-tabs">
        <Segmented
          value={tab}
          onChange={(v) => change({ tab: v })}
          options={TABS.map((v) => ({ value: v, label: t(`records.tabs.${v}`) }))}
          label={t('records.title')}
          testid="records-tab"
        />
      </div>
      {tab === 'funds' ? (
        <FundsTab />
      ) : tab === 'deposit' ? (
        <DepositsTab />
      ) : (
        <WithdrawalsTab wallet={wallet} onWallet={(c) => change({ type: c })} />
      )}
    </>
  );
}

// ---------------------------------------------------------------- funds

function FundsTab() {
  const { t } = useTranslation('money');
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

function FundRow({ row }: { row: FundRecord }) {
  const { t } = useTranslation('money');
  const units = toUnits(row.amount) ?? 0n;
  const subject = [
    row.stock_name && `${row.stock_name} ${row.stock_code}`.trim(),
    row.product_name,
    row.issuer,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="k-rec" data-testid="fund-record" data-kind={row.kind}>
      <span className="k-rec-icon" aria-hidden="true">
        <Icon name={RECORD_ICON[row.kind] ?? 'records'} size={18} />
      </span>
      <div className="k-rec-main">
        <div className="k-rec-line">
          <b>{t(`kinds.${row.kind}`, { defaultValue: row.kind })}</b>
          <span className={`k-rec-amount ${units > 0n ? 'is-up' : units < 0n ? 'is-down' : ''}`}>
            {units > 0n ? '+' : ''}
            {formatMoney(row.amount, row.type)}
          </span>
        </div>
        <div className="k-rec-line is-sub">
          <span className="k-rec-memo">{subject || row.memo || row.order_number}</span>
          <span>
            {t('records.balance')} {formatMoney(row.balance, row.type)}
          </span>
        </div>
        <div className="k-rec-line is-sub">
          <time>{formatDateTime(row.create_time)}</time>
          <span className="k-rec-order">{row.order_number}</span>
        </div>
      </div>
    </li>
  );
}

function StatementSheet({
  open,
  onClose,
  filter,
}: {
  open: boolean;
  onClose: () => void;
  filter: RecordFilter;
}) {
  const { t } = useTranslation('money');
  const today = jstDate();
  const [start, setStart] = useState(filter.start ?? daysBefore(today, 29));
  const [end, setEnd] = useState(filter.end ?? today);
  const statement = useFundStatement();
  // Each time the sheet opens it proposes the list's date filter (else the last 30 days).
  useEffect(() => {
    if (!open) return;
    setStart(filter.start ?? daysBefore(today, 29));
    setEnd(filter.end ?? today);
  }, [open, filter.start, filter.end, today]);

  const download = () => {
    if (!start || !end) return showMsg('validation.required', { field: start ? 'end' : 'start' });
    if (start > end) return showMsg('records.badRange');
    if (spanDays(start, end) > STATEMENT_MAX_DAYS)
      return showMsg('records.rangeTooLong', { days: STATEMENT_MAX_DAYS });
    statement.mutate(
      { start, end },
      {
        onSuccess: ({ data }) => {
          const blob = new Blob([data.content], { type: 'text/csv;charset=utf-8' });
          const url = URL.createObjectURL(blob);
          const a = document.createElement('a');
          a.href = url;
          a.download = data.filename;
          document.body.append(a);
          a.click();
          a.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          onClose();
        },
      },
    );
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="k-sheet">
      <div className="k-sheet-head">
        <h2>{t('records.csvTitle')}</h2>
        <button type="button" className="k-icon-btn" onClick={onClose} aria-label={t('common:actions.close')}>
          <Icon name="close" size={20} />
        </button>
      </div>
      <div className="k-sheet-body">
        <p className="k-hint">{t('records.csvHint', { days: STATEMENT_MAX_DAYS })}</p>
        <div className="k-date-pair">
          <label>
            <span className="k-label">{t('records.from')}</span>
            <input
              type="date"
              className="k-date"
              value={start}
              max={end}
              onChange={(e) => setStart(e.target.value)}
              data-testid="csv-start"
            />
          </label>
          <label>
            <span className="k-label">{t('records.to')}</span>
            <input
              type="date"
              className="k-date"
              value={end}
              min={start}
              onChange={(e) => setEnd(e.target.value)}
              data-testid="csv-end"
            />
          </label>
        </div>
        <button
          type="button"
          className="k-btn k-btn-primary k-btn-block"
          onClick={download}
          disabled={statement.isPending}
          data-testid="csv-download"
        >
          {statement.isPending ? (
            <span className="k-spinner is-small" aria-hidden="true" />
          ) : (
            <MoneyIcon name="download" size={18} />
          )}
          {t('records.csvDownload')}
        </button>
      </div>
    </Popup>
  );
}

// ---------------------------------------------------------------- deposits and withdrawals

function ReviewRow({
  title,
  amount,
  chip,
  lines,
  reason,
  testid,
}: {
  title: string;
  amount: string;
  chip: ReactNode;
  lines: ReactNode[];
  reason?: string;
  testid: string;
}) {
  const { t } = useTranslation('money');
  return (
    <li className="k-rev" data-testid={testid}>
      <div className="k-rev-head">
        <span className="k-rev-title">
          <small>{title}</small>
          <b className="k-num" data-testid={`${testid}-amount`}>
            {amount}
          </b>
        </span>
        {chip}
      </div>
      <dl className="k-rev-lines">{lines}</dl>
      {reason && (
        <p className="k-rev-reason" data-testid={`${testid}-reason`}>
          <Icon name="alert" size={14} />
          <span>
            {t('records.reason')}: {reason}
          </span>
        </p>
      )}
    </li>
  );
}

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

function DepositsTab() {
  const { t } = useTranslation('money');
  const deposits = useDeposits();
  const rows = deposits.data ?? [];
  if (deposits.isPending) return <ListSkeleton rows={5} lines={3} />;
  if (deposits.isError && !rows.length) return <ErrorState onRetry={() => void deposits.refetch()} />;
  return (
    <Refreshable onRefresh={() => deposits.refetch()}>
      {rows.length === 0 ? (
        <Empty text={t('records.noDeposits')} />
      ) : (
        <ul className="k-rev-list" data-testid="deposit-records">
          {rows.map((d) => (
            <ReviewRow
              key={d.id}
              testid="deposit-record"
              title={`${t('kinds.deposit')} · ${d.channel}`}
              amount={formatMoney(d.amount, d.type)}
              chip={<StatusChip kind="deposit" status={d.status} />}
              reason={d.status === 2 ? d.reason || t('kyc.noReason') : undefined}
              lines={[
                <Line key="t" label={t('records.applied')}>
                  {formatDateTime(d.create_time)}
                </Line>,
                d.check_time ? (
                  <Line key="c" label={t('records.decided')}>
                    {formatDateTime(d.check_time)}
                  </Line>
                ) : null,
                <Line key="o" label={t('records.order')}>
                  <span className="k-num">{d.order_number}</span>
                </Line>,
              ]}
            />
          ))}
        </ul>
      )}
    </Refreshable>
  );
}

function WithdrawalsTab({ wallet, onWallet }: { wallet: Currency; onWallet: (c: Currency) => void }) {
  const { t } = useTranslation('money');
  const withdrawals = useWithdrawals(wallet);
  const rows = withdrawals.data ?? [];
  return (
    <>
      <div className="k-filters">
        <span className="k-filter-label">{t('records.wallet')}</span>
        <CurrencySelect
          value={wallet}
          options={WALLETS}
          onChange={onWallet}
          label={t('records.wallet')}
          testid="records-wallet"
          compact
        />
      </div>
      {withdrawals.isPending ? (
        <ListSkeleton rows={5} lines={3} />
      ) : withdrawals.isError && !rows.length ? (
        <ErrorState onRetry={() => void withdrawals.refetch()} />
      ) : (
        <Refreshable onRefresh={() => withdrawals.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('records.noWithdrawals')} />
          ) : (
            <ul className="k-rev-list" data-testid="withdrawal-records">
              {rows.map((w) => (
                <ReviewRow
                  key={w.id}
                  testid="withdrawal-record"
                  title={`${t('kinds.withdrawal')} · ${w.bank_name} ${maskedNumber(w.bank_num)}`}
                  amount={formatMoney(w.amount, w.type)}
                  chip={<StatusChip kind="withdrawal" status={w.status} />}
                  reason={w.status === 2 ? w.reason || t('kyc.noReason') : undefined}
                  lines={[
                    <Line key="t" label={t('records.applied')}>
                      {formatDateTime(w.create_time)}
                    </Line>,
                    w.check_time ? (
                      <Line key="c" label={t('records.decided')}>
                        {formatDateTime(w.check_time)}
                      </Line>
                    ) : null,
                    <Line key="o" label={t('records.order')}>
                      <span className="k-num">{w.order_number}</span>
                    </Line>,
                  ]}
                />
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
