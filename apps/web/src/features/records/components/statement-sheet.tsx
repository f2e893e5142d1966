import { STATEMENT_MAX_DAYS, spanDays } from '@kabuto/domain';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { Icon } from '../../../components/icon.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { daysBefore, jstDate } from '../../../lib/jst-dates.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { RecordFilter } from '../api/use-fund-records.ts';
import { useFundStatement } from '../api/use-fund-statement.ts';

export function StatementSheet({
  open,
  onClose,
  filter,
}: {
  open: boolean;
  onClose: () => void;
  filter: RecordFilter;
}) {
  const { t } = useTranslator('money');
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
        <DateRangeFields
          start={start}
          end={end}
          onStart={setStart}
          onEnd={setEnd}
          fromLabel={t('records.from')}
          toLabel={t('records.to')}
          testid="csv"
        />
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
