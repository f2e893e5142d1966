import type { Market } from '../currencies.ts';
import type { LocalDate } from '../markets/time.ts';
import { MINOR_UNIT, type Units } from '../money.ts';
import { taxRatesOn } from './rates.ts';

/**
 * Tax on a cash dividend paid to a Japanese resident, in the dividend's currency.
 *
 * - Japanese listed stocks: the rates of `TAX_RATES` (./rates.ts) on the payment date, withheld by the
 *   broker and kept as its two parts: national (15.315% to 2037: 15% income tax + the reconstruction
 *   surtax) and local (5% inhabitant tax).
 * - Foreign stocks: first the source country's withholding (US 10% under the Japan–US treaty for a
 *   resident), then the Japanese rates on what is left.
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
  /** The payment date: the dividend's tax year and the rates in effect. */
  date: LocalDate;
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
  const rates = taxRatesOn(input.date);
  const national = input.exempt ? 0n : part(taxable, rates.nationalPpm, minor);
  const local = input.exempt ? 0n : part(taxable, rates.localPpm, minor);
  return { gross, foreign, national, local, net: gross - foreign - national - local };
}
