import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, humanizeKey, toDate } from './format.ts';
import { resolveImage } from './image-url.ts';
import { isImageField, orderKeys, recordCurrency } from './record-fields.ts';
import { reviewStatus } from './status.ts';

describe('formatAmount', () => {
  it('formats yen with separators, two decimals and 円', () => {
    expect(formatAmount('1234.5000', 'jpy')).toBe('1,234.50円');
    expect(formatAmount('10000000.0000', 'jpy')).toBe('10,000,000.00円');
  });
  it('keeps every digit of large amounts', () => {
    expect(formatAmount('123456789012345.9999', 'usd')).toBe('$123,456,789,012,346.00');
  });
  it('uses no decimals for won and dong', () => {
    expect(formatAmount('1234.5', 'krw')).toBe('₩1,235');
  });
  it('leaves what is not an amount as it is', () => {
    expect(formatAmount('n/a')).toBe('n/a');
    expect(formatAmount(null)).toBe('—');
  });
});

describe('dates', () => {
  it('reads unix seconds, milliseconds and ISO text', () => {
    const d = new Date(2026, 3, 1, 9, 30, 5);
    expect(formatDateTime(Math.floor(d.getTime() / 1000))).toBe('2026-04-01 09:30:05');
    expect(formatDateTime(d.getTime())).toBe('2026-04-01 09:30:05');
    expect(toDate(d.toISOString())?.getTime()).toBe(d.getTime());
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('record layout', () => {
  it('puts known fields first, then images, then the rest', () => {
    expect(orderKeys([{ zeta: 1, back_url: 'x', status: 0, id: '1', amount: '1', front_url: 'y' }])).toEqual([
      'id',
      'amount',
      'status',
      'back_url',
      'front_url',
      'zeta',
    ]);
  });
  it('recognises image fields and the currency of a row', () => {
    expect(['proof_url', 'frontcard', 'backcard', 'proof'].every(isImageField)).toBe(true);
    expect(isImageField('account')).toBe(false);
    expect(recordCurrency({ currency: 'USD' })).toBe('usd');
  });
  it('humanizes keys', () => {
    expect(humanizeKey('create_time')).toBe('Create time');
    expect(humanizeKey('checkedAt')).toBe('Checked at');
  });
});

describe('review status', () => {
  it('reads numeric and named statuses', () => {
    expect(reviewStatus(0)).toBe('pending');
    expect(reviewStatus('approved')).toBe('approved');
    expect(reviewStatus('2')).toBe('rejected');
    expect(reviewStatus('weird')).toBeNull();
  });
});

describe('resolveImage', () => {
  const origin = 'http://admin.example';
  it('loads signed URLs directly and fetches others with the token', () => {
    expect(resolveImage('/api/admin/uploads/a.png?s=1&e=2&sig=abc', origin)).toEqual({
      url: '/api/admin/uploads/a.png?s=1&e=2&sig=abc',
      auth: false,
    });
    expect(resolveImage('/api/admin/uploads/a.png', origin)).toEqual({
      url: '/api/admin/uploads/a.png',
      auth: true,
    });
    expect(resolveImage('uploads/a.png', origin)).toEqual({ url: '/api/admin/uploads/a.png', auth: true });
    expect(resolveImage(`${origin}/api/admin/uploads/b.png?sig=1`, origin).auth).toBe(false);
    expect(resolveImage(`${origin}/api/admin/uploads/b.png`, origin).auth).toBe(true);
    expect(resolveImage('https://cdn.example/x.png', origin)).toEqual({
      url: 'https://cdn.example/x.png',
      auth: false,
    });
  });
});
