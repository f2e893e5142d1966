import { taxApi } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { taxEndpoints } from './use-tax.ts';

describe('tax calls', () => {
  it('have the contract paths', () => {
    expect(taxEndpoints.account.path).toBe(taxApi.account.path);
    expect(taxEndpoints.choose.path).toBe(taxApi.choose.path);
  });
});
