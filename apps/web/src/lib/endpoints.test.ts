import {
  accountApi,
  assetsApi,
  blockApi,
  contentApi,
  dayTradeApi,
  fundsApi,
  ipoApi,
  productsApi,
  quotesApi,
  securityApi,
  tradingApi,
} from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { endpoints, HEALTH_PATH } from './endpoints.ts';
import { dayTradeEndpoints, productEndpoints } from './product-endpoints.ts';

const contract = {
  account: accountApi,
  assets: assetsApi,
  block: blockApi,
  content: contentApi,
  funds: fundsApi,
  ipo: ipoApi,
  quotes: quotesApi,
  security: securityApi,
  trading: tradingApi,
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

  for (const [name, ref] of Object.entries(productEndpoints)) {
    it(`products.${name} has the contract's path`, () => {
      const definition = (productsApi as Record<string, { path?: string }>)[name] ?? fundsApi.userproductlist;
      expect(ref.path).toBe(definition.path);
    });
  }

  // calls kept beside their only screens, out of the first screen's code
  for (const [name, ref] of Object.entries(dayTradeEndpoints)) {
    it(`dayTrade.${name} has the contract's path`, () => {
      expect(ref.path).toBe((dayTradeApi as Record<string, { path?: string }>)[name]?.path);
    });
  }

  it('health check path matches the contract', () => {
    expect(HEALTH_PATH).toBe(contentApi.health.path);
  });
});
