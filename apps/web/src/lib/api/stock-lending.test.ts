import { stockLendingApi } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { stockLendingEndpoints } from './stock-lending.ts';

describe('stock lending endpoint references', () => {
  for (const [name, ref] of Object.entries(stockLendingEndpoints)) {
    it(`${name} has the contract's path`, () => {
      const definition = (stockLendingApi as Record<string, { path?: string }>)[name];
      expect(definition, `${name} is not in the contract`).toBeDefined();
      expect(ref.path).toBe(definition.path);
    });
  }
});
