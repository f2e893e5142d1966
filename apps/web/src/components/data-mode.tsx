import { useStartupConfig } from '../lib/startup-config.ts';
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

/** A market's data mode from the start-up config's `market_modes` (`jpy:delayed:20,usd:live:0,…`). */
export function marketModeOf(modes: string | undefined, market: string | undefined): DataModeFields | null {
  for (const part of (modes ?? '').split(',')) {
    const [m, mode, minutes] = part.split(':');
    if (m === market && (mode === 'live' || mode === 'delayed' || mode === 'simulated'))
      return { mode, delayMinutes: Number(minutes) || 0 };
  }
  return null;
}

/** The label of a price whose row carries no mode of its own (positions, offerings): its market's mode. */
export function MarketModeLabel({ market }: { market: string | undefined }) {
  const fields = marketModeOf(useStartupConfig().market_modes, market);
  return fields ? <DataModeLabel {...fields} /> : null;
}
