import { marginApi } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { marginBookWire, marginWire } from '../../testing/fixtures.wire.ts';
import { bookOf, marginEndpoints, marginFromWire, openCall } from './use-margin.ts';

const call = (id: string, type: string, status: 'open' | 'met' | 'closed') => ({
  id,
  type,
  amount: '1000.0000',
  ratio: '15.00',
  deadline: 1_795_662_000,
  status,
  create_time: 1_795_482_000,
});

describe('margin account calls', () => {
  it('have the contract paths', () => {
    expect(marginEndpoints.account.path).toBe(marginApi.account.path);
    expect(marginEndpoints.apply.path).toBe(marginApi.apply.path);
  });

  it('read the wire: the book by market, the open call of a market', () => {
    const a = marginFromWire(
      marginWire({
        status: 'approved',
        legacy: 1,
        books: [marginBookWire(), marginBookWire({ type: 'usd', ratio: null })],
        calls: [call('2', 'usd', 'open'), call('1', 'jpy', 'met')],
      }),
    );
    expect(a.legacy).toBe(true);
    expect(bookOf(a, 'jpy')?.ratio).toBe('25.50');
    expect(bookOf(a, 'usd')?.ratio).toBeNull();
    expect(bookOf(a, 'krw')).toBeUndefined();
    expect(openCall(a, 'jpy')).toBeUndefined();
    expect(openCall(a, 'usd')?.id).toBe('2');
    // any market's open call (the banner)
    expect(openCall(a)?.currency).toBe('usd');
  });
});
