import {
  accountApi,
  assetsApi,
  blockTradesApi,
  contentApi,
  copyTradeApi,
  dayTradingApi,
  emailApi,
  fundsApi,
  kycApi,
  loansApi,
  newSharesApi,
  quotesApi,
  securityApi,
  tradingApi,
  uploadsApi,
} from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { endpoints, HEALTH_PATH } from './endpoints.ts';
import { copyTradeEndpoints, dayTradingEndpoints, orderBookEndpoints } from './product-endpoints.ts';

const contract = {
  account: accountApi,
  assets: assetsApi,
  blockTrades: blockTradesApi,
  content: contentApi,
  email: emailApi,
  funds: fundsApi,
  kyc: kycApi,
  loans: loansApi,
  newShares: newSharesApi,
  quotes: quotesApi,
  security: securityApi,
  trading: tradingApi,
  uploads: uploadsApi,
} as const;

describe('endpoint references', () => {
  for (const [group, refs] of Object.entries(endpoints)) {
    for (const [name, ref] of Object.entries(refs)) {
      it(`${group}.${name} has the contract's path`, () => {
        const definition = (contract as Record<string, Record<string, { path?: string }>>)[group]?.[name];
        expect(definition, `${group}.${name} is not in the contract`).toBeDefined();
        expect(ref.path).toBe(definition?.path);
      });
    }
  }

  for (const [name, ref] of Object.entries(copyTradeEndpoints)) {
    it(`copyTrade.${name} has the contract's path`, () => {
      expect(ref.path).toBe((copyTradeApi as Record<string, { path?: string }>)[name]?.path);
    });
  }

  // calls kept beside their only screens, out of the first screen's code
  for (const [name, ref] of Object.entries(dayTradingEndpoints)) {
    it(`dayTrading.${name} has the contract's path`, () => {
      expect(ref.path).toBe((dayTradingApi as Record<string, { path?: string }>)[name]?.path);
    });
  }

  for (const [name, ref] of Object.entries(orderBookEndpoints)) {
    it(`trading.${name} has the contract's path`, () => {
      expect(ref.path).toBe((tradingApi as Record<string, { path?: string }>)[name]?.path);
    });
  }

  it('health check path matches the contract', () => {
    expect(HEALTH_PATH).toBe(contentApi.health.path);
  });
});
