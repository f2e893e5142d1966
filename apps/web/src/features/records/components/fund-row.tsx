import { Icon } from '../../../components/icon.tsx';
import { formatDateTime, formatMoney, toUnits } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { FundRecord } from '../api/use-fund-records.ts';
import { RECORD_ICON } from '../record-kinds.ts';

export function FundRow({ row }: { row: FundRecord }) {
  const { t } = useTranslator('money');
  const units = toUnits(row.amount) ?? 0n;
  // the words come with the record, as the CSV statement has them (title, detail)
  const subject = [row.detail, row.product_name, row.issuer].filter(Boolean).join(' · ');
  return (
    <li className="k-rec" data-testid="fund-record" data-kind={row.kind}>
      <span className="k-rec-icon" aria-hidden="true">
        <Icon name={RECORD_ICON[row.kind] ?? 'records'} size={18} />
      </span>
      <div className="k-rec-main">
        <div className="k-rec-line">
          <b data-testid="record-title">{row.title || t(`kinds.${row.kind}`, { defaultValue: row.kind })}</b>
          <span className={`k-rec-amount ${units > 0n ? 'is-up' : units < 0n ? 'is-down' : ''}`}>
            {units > 0n ? '+' : ''}
            {formatMoney(row.amount, row.type)}
          </span>
        </div>
        <div className="k-rec-line is-sub">
          <span className="k-rec-memo" data-testid="record-detail">
            {subject || row.order_number}
          </span>
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
