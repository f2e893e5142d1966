import { useTranslator } from '../lib/use-translator.ts';

/** Where a price comes from (docs/market-data.md); a live price shows no label. */
export interface DataModeFields {
  mode?: 'live' | 'delayed' | 'simulated';
  delayMinutes?: number;
  stale?: boolean;
}

/** "20分遅延", "シミュレーション" or "配信停止中" beside a price that is not live. */
export function DataModeLabel({ mode, delayMinutes, stale }: DataModeFields) {
  const { t } = useTranslator('quotes');
  const key = stale ? 'stale' : mode === 'delayed' || mode === 'simulated' ? mode : null;
  if (!key) return null;
  return (
    <span className={`k-data-mode is-${key}`} data-testid="data-mode">
      {t(`dataMode.${key}`, { minutes: delayMinutes ?? 0 })}
    </span>
  );
}
