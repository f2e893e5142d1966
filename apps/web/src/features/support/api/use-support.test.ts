import { supportApi } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { supportEndpoints } from './use-support.ts';

describe('support calls', () => {
  it('have the contract paths', () => {
    expect(supportEndpoints.info.path).toBe(supportApi.info.path);
    expect(supportEndpoints.send.path).toBe(supportApi.send.path);
  });
});
