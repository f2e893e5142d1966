import type { Period } from '../types.ts';

/**
 * History the provider's plan does not give (a J-Quants plan has no intraday bars): the server answers
 * with a translated refusal (`quotes.periodUnavailable`) instead of an empty chart.
 */
export class PeriodUnavailableError extends Error {
  constructor(
    readonly provider: string,
    readonly period: Period,
  ) {
    super(`${provider} has no ${period} bars on this plan`);
  }
}
