import { type FxSettings, parseUnits } from '../../src/index.ts';

/** Minor units of a decimal string written in a test. */
export const u = (s: string): bigint => parseUnits(s) as bigint;

/** FX settings with the seeded reference rates and spread, and no wobble: quotes hold still. */
export const FLAT_FX: FxSettings = {
  fx_reference_rates: {
    jpy: '1',
    usd: '155',
    cny: '21.5',
    krw: '0.11',
    twd: '4.8',
    hkd: '19.9',
    thb: '4.3',
    vnd: '0.0061',
    myr: '33',
  },
  fx_spread: '0.30',
  fx_wobble: '0',
};
