import { describe, expect, it } from 'vitest';
import { exchangeMemo, quotedRate, recordWords } from '../src/modules/funds/record-words.ts';

const row = (type: string, memo: string | null, stock?: [string, string]) => ({
  type,
  memo,
  stock_name: stock?.[0] ?? null,
  stock_code: stock?.[1] ?? null,
});

describe('fund record words', () => {
  it('quotes a rate as one unit of the dearer currency, to two decimals, half up', () => {
    expect(quotedRate('jpy', 'usd', '0.006421612339')).toEqual({
      base: 'usd',
      quote: 'jpy',
      value: '155.72',
    });
    expect(quotedRate('usd', 'jpy', '155.7')).toEqual({ base: 'usd', quote: 'jpy', value: '155.70' });
    expect(quotedRate('jpy', 'krw', '9.405')).toEqual({ base: 'jpy', quote: 'krw', value: '9.41' });
    expect(quotedRate('krw', 'jpy', '0.1063')).toEqual({ base: 'jpy', quote: 'krw', value: '9.41' });
    expect(quotedRate('usd', 'usd', '1')).toEqual({ base: 'usd', quote: 'usd', value: '1.00' });
    expect(quotedRate('jpy', 'usd', '0')).toBeNull();
    expect(quotedRate('jpy', 'usd', '-1')).toBeNull();
  });

  it('an exchange reads as its pair and rate in each language, never the raw memo', () => {
    const r = row('exchange', exchangeMemo('jpy', 'usd', '0.006421612339'));
    expect(recordWords(r, 'jp')).toEqual({ title: '両替', detail: '円→米ドル 1USD=155.72円' });
    expect(recordWords(r, 'cn')).toEqual({ title: '兑换', detail: '日元→美元 1USD=155.72日元' });
    expect(recordWords(r, 'us')).toEqual({ title: 'Exchange', detail: 'JPY → USD 1 USD = 155.72 JPY' });
    const back = recordWords(row('exchange', exchangeMemo('usd', 'jpy', '155.3')), 'jp');
    expect(back.detail).toBe('米ドル→円 1USD=155.30円');
  });

  it('the P&L part of a close is 決済損益, the margin part a sale; each names the stock', () => {
    const pnl = row('stock_sell', 'pnl', ['トヨタ自動車', '7203']);
    expect(recordWords(pnl, 'jp')).toEqual({ title: '決済損益', detail: 'トヨタ自動車 7203' });
    expect(recordWords(pnl, 'cn').title).toBe('平仓盈亏');
    expect(recordWords(pnl, 'us').title).toBe('Realised P&L');
    expect(recordWords(row('stock_sell', 'margin', ['トヨタ自動車', '7203']), 'jp').title).toBe('株式売却');
    expect(recordWords(row('stock_sell', 'pnl'), 'jp')).toEqual({ title: '決済損益', detail: '' });
  });

  it('every other type has its own title; the memo is the detail', () => {
    expect(recordWords(row('deposit', 'Bank transfer'), 'jp')).toEqual({
      title: '入金',
      detail: 'Bank transfer',
    });
    expect(recordWords(row('withdrawal', null), 'us')).toEqual({ title: 'Withdrawal', detail: '' });
    expect(recordWords(row('fee', null, ['Apple', 'AAPL']), 'jp').title).toBe('売買手数料');
    expect(recordWords(row('interest', null), 'cn').title).not.toBe(
      recordWords(row('repay', null), 'cn').title,
    );
  });
});
