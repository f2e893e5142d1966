import { lastClose, MARKETS, type Market } from '@kabuto/domain';

/**
 * The keys of a job run once per market and business date: `<market>:<date of its last close>`. A key
 * changes when a market closes, so the job runs after each close, once.
 */
export const dailyKeys = (now: number, markets: readonly Market[] = MARKETS): string[] =>
  markets.map((m) => `${m}:${lastClose(m, now).date}`);

/** The market of a key made by {@link dailyKeys}. */
export const marketOfKey = (key: string): Market => {
  const m = key.split(':')[0];
  if (!(MARKETS as readonly string[]).includes(m)) throw new Error(`not a daily key: ${key}`);
  return m as Market;
};
