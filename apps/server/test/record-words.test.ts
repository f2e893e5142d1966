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

  it('the P&L part of a close is 決済損益, the margin part the margin returned; each names the stock', () => {
    const pnl = row('stock_sell', 'pnl', ['トヨタ自動車', '7203']);
    expect(recordWords(pnl, 'jp')).toEqual({ title: '決済損益', detail: 'トヨタ自動車 7203' });
    expect(recordWords(pnl, 'cn').title).toBe('平仓盈亏');
    expect(recordWords(pnl, 'us').title).toBe('Realised P&L');
    expect(recordWords(row('stock_sell', 'margin', ['トヨタ自動車', '7203']), 'jp').title).toBe(
      '建玉証拠金の返却',
    );
    expect(recordWords(row('stock_sell', 'margin'), 'us').title).toBe('Margin returned');
    // what an opening books is the margin it posts (the whole price at leverage 1), not a purchase price
    expect(recordWords(row('stock_buy', 'margin', ['トヨタ自動車', '7203']), 'jp')).toEqual({
      title: '建玉証拠金の差入',
      detail: 'トヨタ自動車 7203',
    });
    expect(recordWords(row('stock_buy', 'margin'), 'us').title).toBe('Margin posted');
    expect(recordWords(row('stock_sell', 'pnl'), 'jp')).toEqual({ title: '決済損益', detail: '' });
  });

  it('a US sale’s regulatory fees are not called a stamp duty', () => {
    const us = { ...row('stamp_duty', null, ['Apple', 'AAPL']), currency: 'usd' };
    expect(recordWords(us, 'jp')).toEqual({ title: '取引規制手数料（SEC・FINRA）', detail: 'Apple AAPL' });
    expect(recordWords(us, 'us').title).toBe('Regulatory fees (SEC, FINRA)');
    expect(recordWords({ ...row('stamp_duty', null), currency: 'cny' }, 'cn').title).toBe('印花税');
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
