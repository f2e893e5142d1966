import { formatUnits } from '@kabuto/domain';
import type { TaxState } from './tax.service.ts';

/** The tax account reply (`/user/tax_account`, the back office's `/tax/account`). */
export function taxStateWire(s: TaxState) {
  return {
    kind: s.kind,
    nisa: s.nisa ? 1 : 0,
    year: s.year,
    can_choose: s.canChoose ? 1 : 0,
    net_gain: formatUnits(s.netGain),
    withheld_national: formatUnits(s.withheldNational),
    withheld_local: formatUnits(s.withheldLocal),
    nisa_year_used: formatUnits(s.nisaYearUsed),
    nisa_year_limit: formatUnits(s.nisaYearLimit),
    nisa_lifetime_used: formatUnits(s.nisaLifetimeUsed),
    nisa_lifetime_limit: formatUnits(s.nisaLifetimeLimit),
  };
}

type Part = { sales: number; proceeds: bigint; cost: bigint; gain: bigint; national: bigint; local: bigint };
const partWire = (p: Part) => ({
  sales: p.sales,
  proceeds: formatUnits(p.proceeds),
  cost: formatUnits(p.cost),
  gain: formatUnits(p.gain),
  withheld_national: formatUnits(p.national),
  withheld_local: formatUnits(p.local),
});

/** The annual report's figures (`/user/tax_annual`). */
export function annualWire(a: {
  year: number;
  kind: TaxState['kind'];
  taxable: Part;
  nisa: Part & { bought: bigint };
}) {
  return {
    year: a.year,
    kind: a.kind,
    taxable: partWire(a.taxable),
    nisa: { ...partWire(a.nisa), bought: formatUnits(a.nisa.bought) },
  };
}
