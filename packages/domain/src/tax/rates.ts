import type { LocalDate } from '../markets/time.ts';
import { type Dated, effectiveRow } from '../markets/types.ts';
import { type Units, units } from '../money.ts';

/**
 * Withholding rates on listed-stock gains and dividends of Japanese residents (申告分離課税), effective-dated
 * by the day the gain or dividend arises. National = income tax 15% plus the reconstruction surtax of 2.1%
 * of it (0.315%), levied from 2013 to 2037; local = inhabitant tax 5%.
 *
 * Sources: 租税特別措置法 第37条の10, 第37条の11 (15% on listed-stock gains); 東日本大震災からの復興のための施策を
 * 実施するために必要な財源の確保に関する特別措置法 (2011 Act No. 117) 第13条 (2.1% surtax, tax years 2013–2037);
 * 地方税法 第71条の49 (5% 株式等譲渡所得割); National Tax Agency, タックスアンサー No.1463 「株式等を譲渡したときの課税
 * (申告分離課税)」 (20.315% from 2014; before 2014 the reduced 10.147% applied).
 */
export interface TaxRateRow extends Dated {
  /** income tax incl. the reconstruction surtax, parts per million of the gain */
  nationalPpm: bigint;
  /** inhabitant tax, parts per million of the gain */
  localPpm: bigint;
  source: string;
}

export const TAX_RATES: readonly TaxRateRow[] = [
  {
    from: '2014-01-01',
    nationalPpm: 153_150n,
    localPpm: 50_000n,
    source: 'NTA No.1463: 15.315% (15% + 2.1% reconstruction surtax) + 5% local',
  },
  {
    from: '2038-01-01',
    nationalPpm: 150_000n,
    localPpm: 50_000n,
    source: 'Reconstruction surtax ends with tax year 2037 (2011 Act No. 117, art. 13): 15% + 5%',
  },
];

export const taxRatesOn = (date: LocalDate): TaxRateRow => effectiveRow(TAX_RATES, date, 'tax rate');

/**
 * NISA quotas (2024 onwards), yen. Kabuto offers the growth quota (成長投資枠) only; the つみたて quota is kept
 * in the table because the lifetime total counts both.
 *
 * Source: 租税特別措置法 第37条の14 as amended 2023; Financial Services Agency, 「NISAを知る」 (新しいNISA):
 * growth ¥2.4M a year, つみたて ¥1.2M a year, lifetime ¥18M of book value of which growth at most ¥12M; the
 * book value of what is sold frees lifetime quota from the next year.
 */
export interface NisaQuotaRow extends Dated {
  growthYearly: Units;
  tsumitateYearly: Units;
  lifetime: Units;
  growthLifetime: Units;
  source: string;
}

export const NISA_QUOTAS: readonly NisaQuotaRow[] = [
  {
    from: '2024-01-01',
    growthYearly: units(2_400_000),
    tsumitateYearly: units(1_200_000),
    lifetime: units(18_000_000),
    growthLifetime: units(12_000_000),
    source: 'FSA 新しいNISA (from 2024-01-01)',
  },
];

/** The quotas in effect on `date`; null before NISA as Kabuto offers it (2024). */
export function nisaQuotasOn(date: LocalDate): NisaQuotaRow | null {
  return date < NISA_QUOTAS[0].from ? null : effectiveRow(NISA_QUOTAS, date, 'NISA quota');
}
