import type { Market } from '../currencies.ts';
import { MINOR_UNIT, type Units } from '../money.ts';

/**
 * Tax on a cash dividend paid to a Japanese resident, in the dividend's currency.
 *
 * - Japanese listed stocks: 20.315% withheld by the broker, kept as its two parts: 15.315% national
 *   (15% income tax + 0.315% reconstruction surtax, to 2037) and 5% local (inhabitant tax).
 * - Foreign stocks: first the source country's withholding (US 10% under the Japan–US treaty for a
 *   resident), then the Japanese 20.315% on what is left.
 *
 * Each part is rounded down to the currency's minor unit (tax is never taken beyond the rate); `net` is
 * what reaches the holder: gross − foreign − national − local.
 */
export interface DividendWithholding {
  gross: Units;
  /** Withheld at source abroad (0 for Japanese stocks). */
  foreign: Units;
  /** Japanese national part (income tax and the reconstruction surtax). */
  national: Units;
  /** Japanese local part (inhabitant tax). */
  local: Units;
  net: Units;
}

/** Rates in ppm (1% = 10,000). */
export const DIVIDEND_TAX_PPM = { national: 153_150n, local: 50_000n } as const;

/** Withholding at source by market, for a Japanese resident (ppm): the US under the treaty. */
export const SOURCE_WITHHOLDING_PPM: Record<Market, bigint> = {
  jpy: 0n,
  usd: 100_000n,
  cny: 100_000n,
  krw: 150_000n,
};

const part = (amount: Units, ppm: bigint, minor: Units): Units => {
  if (amount <= 0n || ppm === 0n) return 0n;
  const raw = (amount * ppm) / 1_000_000n;
  return raw - (raw % minor);
};

export interface DividendTaxInput {
  /** The market the stock trades in (decides the source withholding and the currency's minor unit). */
  market: Market;
  /** Gross dividend (units of the market's currency). */
  gross: Units;
  /**
   * Withholding at source already stated by the provider (ppm); default the market's treaty rate. Pass
   * 0 for a payment that is not a dividend abroad.
   */
  sourcePpm?: bigint;
  /** No Japanese tax (a tax-free account); the source withholding still applies. */
  exempt?: boolean;
}

/** The one function every dividend and dividend-equivalent goes through (see `DividendWithholding`). */
export function withholdingOnDividend(input: DividendTaxInput): DividendWithholding {
  const { market, gross } = input;
  if (gross < 0n) throw new RangeError('a dividend is never negative');
  const minor = MINOR_UNIT[market];
  const foreign = part(gross, input.sourcePpm ?? SOURCE_WITHHOLDING_PPM[market], minor);
  const taxable = gross - foreign;
  const national = input.exempt ? 0n : part(taxable, DIVIDEND_TAX_PPM.national, minor);
  const local = input.exempt ? 0n : part(taxable, DIVIDEND_TAX_PPM.local, minor);
  return { gross, foreign, national, local, net: gross - foreign - national - local };
}
