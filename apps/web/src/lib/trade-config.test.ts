import { legFeesAt, positionMargin, tradeFeesAt, units } from '@kabuto/domain';
import { describe, expect, it } from 'vitest';
import { feeOverride, leverageList } from './api/trade-settings.ts';
import { estimateOrder } from './trade-config.ts';

describe('trade config', () => {
  it('reads the leverage list, per market or for all, with the defaults as fallback', () => {
    // the legal caps hold whatever the config says: JP 3.3×, US 2×
    expect(leverageList({ trading_leverage: '[1,2,5]' }, 'jpy')).toEqual([1, 2]);
    expect(leverageList({ trading_leverage: '{"usd":"1/2/3","jpy":[2]}' }, 'usd')).toEqual([1, 2]);
    expect(leverageList({ trading_leverage: '{"usd":"1/2/3","jpy":[2]}' }, 'jpy')).toEqual([2]);
    expect(leverageList({}, 'jpy')).toEqual([1, 2, 3]);
    expect(leverageList({}, 'cny')).toEqual([1]);
  });

  it('reads fee overrides in percent; a negative or malformed rate is ignored', () => {
    const config = {
      trading_fees: '{"cny":{"buy_fee":"0.05","buy_min":"5","sell_fee":"-1","stamp_duty":"0.1"}}',
    };
    expect(feeOverride(config, 'cny')).toEqual({
      buy: { ppm: 500n, min: units(5) },
      stampDutySellPpm: 1000n,
    });
    expect(feeOverride(config, 'jpy')).toEqual({});
  });

  it('estimates with the domain’s margin and fees, as the server books them', () => {
    const e = estimateOrder('usd', 100_100n, 1n, 3, {});
    expect(e.margin).toBe(positionMargin('usd', 100_100n, 1n, 3));
    expect(e.margin).toBe(33_400n); // $3.3367 rounded up to the cent
    const override = { buy: { ppm: 500n, min: units(5) } };
    const cny = estimateOrder('cny', units(10), 1000n, 2, override);
    expect(cny).toMatchObject({ notional: units(10_000), margin: units(5000) });
    expect(cny.fee).toBe(tradeFeesAt('cny', 'buy', units(10), 1000n, Date.now(), override).total);
    expect(cny.fee).toBe(units(5));
    expect(cny.total).toBe(cny.margin + cny.fee);
    // a short opens with a sale: China's stamp duty (0.05% of ¥10,000 = ¥5) is in its estimate
    const short = estimateOrder('cny', units(10), 1000n, 2, {}, 2);
    expect(short.fee).toBe(legFeesAt('cny', 2, 'open', units(10), 1000n, Date.now()).total);
    expect(short.fee).toBe(units(10));
  });
});
