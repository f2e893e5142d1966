import { dayTradeApi } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { dayTradeEndpoints } from './use-day-trades.ts';

describe('day-trading endpoint references', () => {
  for (const [name, ref] of Object.entries(dayTradeEndpoints))
    it(`${name} has the contract's path`, () => {
      const definition = (dayTradeApi as Record<string, { path?: string }>)[name];
      expect(definition, `${name} is not in the contract`).toBeDefined();
      expect(ref.path).toBe(definition?.path);
    });
});
