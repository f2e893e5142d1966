import './money.css';
import { useTranslator } from '../lib/use-translator.ts';

export type StatusKind = 'deposit' | 'withdrawal' | 'loan';

const TONE: Record<number, string> = { 0: 'is-wait', 1: 'is-ok', 2: 'is-bad', 3: 'is-muted' };

/** Review status of a deposit, withdrawal or loan: 0 pending, 1 approved (loan: borrowed), 2 rejected, 3 repaid. */
export function StatusChip({ kind, status }: { kind: StatusKind; status: number }) {
  const { t } = useTranslator('money');
  const known = status in TONE ? status : 0;
  return (
    <span className={`k-chip ${TONE[known]}`} data-testid="status-chip" data-status={status}>
      {t(`status.${kind}.${known}`)}
    </span>
  );
}
