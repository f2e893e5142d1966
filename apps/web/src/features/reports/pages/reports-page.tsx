import '../../../components/money.css';
import '../reports.css';
import { STATEMENT_MAX_DAYS, spanDays } from '@kabuto/domain';
import { useState } from 'react';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { Segmented } from '../../../components/segmented.tsx';
import { daysBefore, jstDate } from '../../../lib/jst-dates.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import {
  downloadReport,
  REPORT_KINDS,
  type Report,
  type ReportKind,
  useMakeStatement,
  useReports,
} from '../api/use-reports.ts';

const periodOf = (r: Report) => (r.start === r.end ? r.start : `${r.start} – ${r.end}`);

/**
 * `/mine/reports`: the user's reports (PDF) by kind and period, latest first, each with a download —
 * 取引報告書 the day after each trading day, 取引残高報告書 each quarter, 年間取引報告書 each January —
 * and a statement of balances for a past period made on demand.
 */
export function ReportsPage() {
  const { t } = useTranslator('money', { keyPrefix: 'reports' });
  const reports = useReports();
  const make = useMakeStatement();
  const [kind, setKind] = useState<ReportKind | 'all'>('all');
  const [busy, setBusy] = useState<string | null>(null);
  const yesterday = daysBefore(jstDate(), 1);
  const [start, setStart] = useState(`${yesterday.slice(0, 8)}01`);
  const [end, setEnd] = useState(yesterday);

  const rows = (reports.data ?? []).filter((r) => kind === 'all' || r.kind === kind);
  const download = async (r: Report) => {
    if (busy) return;
    setBusy(r.id);
    try {
      await downloadReport(r.id);
    } finally {
      setBusy(null);
    }
  };
  const submit = () => {
    if (!start || !end) return showMsg('validation.required', { field: start ? 'end' : 'start' });
    if (start > end) return showMsg('report.badPeriod');
    if (spanDays(start, end) > STATEMENT_MAX_DAYS)
      return showMsg('report.periodTooLong', { days: STATEMENT_MAX_DAYS });
    make.mutate({ start, end }, { onSuccess: ({ code }) => showMsg(code ?? 'ok.reportMade') });
  };

  return (
    <>
      <PageHeader title={t('title')} back="/mine/myPage" />
      {reports.isPending ? (
        <ListSkeleton rows={4} lines={2} />
      ) : reports.isError ? (
        <ErrorState onRetry={() => void reports.refetch()} />
      ) : (
        <Refreshable onRefresh={() => reports.refetch()}>
          <div className="k-body k-reports" data-testid="reports-page">
            <Segmented
              value={kind}
              options={[
                { value: 'all', label: t('all') },
                ...REPORT_KINDS.map((k) => ({ value: k, label: t(`short.${k}`) })),
              ]}
              onChange={setKind}
              label={t('filter')}
              testid="reports-kind"
            />
            {rows.length === 0 ? (
              <Empty text={t('empty')} />
            ) : (
              <ul className="k-card k-report-list" aria-label={t('title')}>
                {rows.map((r) => (
                  <li key={r.id} className="k-report-row" data-testid={`report-${r.id}`} data-kind={r.kind}>
                    <span className="k-report-text">
                      <b>{t(`kinds.${r.kind}`)}</b>
                      <small>{periodOf(r)}</small>
                    </span>
                    <button
                      type="button"
                      className="k-btn k-btn-ghost k-report-download"
                      onClick={() => void download(r)}
                      disabled={busy !== null}
                      aria-label={t('downloadOf', { name: t(`kinds.${r.kind}`), period: periodOf(r) })}
                      data-testid={`report-download-${r.id}`}
                    >
                      {busy === r.id ? (
                        <span className="k-spinner is-small" aria-hidden="true" />
                      ) : (
                        <MoneyIcon name="download" size={18} />
                      )}
                      <span>{t('download')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <p className="k-hint">{t('note')}</p>

            <section className="k-card k-card-pad" aria-label={t('statementTitle')}>
              <h2 className="k-card-title">{t('statementTitle')}</h2>
              <p className="k-hint">{t('statementHint', { days: STATEMENT_MAX_DAYS })}</p>
              <DateRangeFields
                start={start}
                end={end}
                onStart={setStart}
                onEnd={setEnd}
                fromLabel={t('from')}
                toLabel={t('to')}
                testid="statement"
              />
              <button
                type="button"
                className="k-btn k-btn-primary k-btn-block"
                onClick={submit}
                disabled={make.isPending}
                data-testid="statement-make"
              >
                {make.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
                {t('make')}
              </button>
            </section>
          </div>
        </Refreshable>
      )}
    </>
  );
}
