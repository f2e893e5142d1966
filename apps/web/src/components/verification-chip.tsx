import { useTranslator } from '../lib/use-translator.ts';

const TONE: Record<number, string> = { 0: 'is-muted', 1: 'is-ok', 2: 'is-bad', 3: 'is-wait' };

/** Verification status: 0 not verified, 1 verified, 2 rejected, 3 under review. */
export function VerificationChip({ status }: { status: number }) {
  const { t } = useTranslator('shell');
  const known = status in TONE ? status : 0;
  return <span className={`k-chip ${TONE[known]}`}>{t(`verification.${known}`)}</span>;
}
