// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations, resetBetweenTests } from '../testing/screen.tsx';
import { AmountField } from './amount-field.tsx';
import { CodeField, PriceInput, SharesInput } from './typed-inputs.tsx';

beforeAll(() => loadTranslations('money'));
resetBetweenTests();

const type = (el: HTMLElement, text: string) => fireEvent.change(el, { target: { value: text } });
const problem = () => screen.queryByTestId('input-problem')?.textContent ?? null;

/** A screen that holds the plain value, as the forms do, and shows it. */
function Holder({ kind, start = '' }: { kind: 'shares' | 'price' | 'amount' | 'code'; start?: string }) {
  const [value, setValue] = useState(start);
  const onChange = (v: string) => setValue(v);
  return (
    <>
      {kind === 'shares' && (
        <SharesInput
          value={value}
          onChange={onChange}
          label="株数"
          testid="field"
          stepper={{
            down: { label: 'down', onStep: () => setValue(String(Math.max(0, Number(value || 0) - 100))) },
            up: { label: 'up', onStep: () => setValue(String(Number(value || 0) + 100)) },
          }}
        />
      )}
      {kind === 'price' && (
        <PriceInput value={value} onChange={onChange} label="価格" testid="field" decimals={1} />
      )}
      {kind === 'amount' && (
        <AmountField
          label="金額"
          currency="jpy"
          value={value}
          onChange={onChange}
          onAll={() => setValue('5000')}
        />
      )}
      {kind === 'code' && (
        <CodeField label="取引パスワード" icon="key" length={6} value={value} onChange={onChange} secret />
      )}
      <output data-testid="value">{value}</output>
    </>
  );
}
const held = () => screen.getByTestId('value').textContent;

describe('SharesInput', () => {
  it('keeps what was typed and reads full-width digits and commas as shares', () => {
    render(<Holder kind="shares" />);
    const input = screen.getByTestId('field') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    type(input, '１，０００');
    expect(input.value).toBe('１，０００');
    expect(held()).toBe('1000');
    expect(problem()).toBeNull();
  });

  it('refuses 1.5 and -5 where they were typed, never reading them as 15 or 5', () => {
    render(<Holder kind="shares" start="100" />);
    const input = screen.getByTestId('field') as HTMLInputElement;
    type(input, '1.5');
    expect(input.value).toBe('1.5');
    expect(held()).toBe('');
    expect(problem()).toBe('株数は整数で入力してください');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    type(input, '-5');
    expect(input.value).toBe('-5');
    expect(held()).toBe('');
    expect(problem()).toBe('マイナスの値は入力できません');
  });

  it('shows a value the screen sets (a step) in place of the text', () => {
    render(<Holder kind="shares" start="100" />);
    const input = screen.getByTestId('field') as HTMLInputElement;
    type(input, '０２００');
    expect(held()).toBe('200');
    expect(input.value).toBe('０２００');
    fireEvent.click(screen.getByRole('button', { name: 'up' }));
    expect(input.value).toBe('300');
    expect(problem()).toBeNull();
  });
});

describe('PriceInput', () => {
  it('takes the instrument’s decimals on the decimal keypad, and refuses more', () => {
    render(<Holder kind="price" />);
    const input = screen.getByTestId('field') as HTMLInputElement;
    expect(input.inputMode).toBe('decimal');
    type(input, '３，０００．５');
    expect(held()).toBe('3000.5');
    expect(input.value).toBe('３，０００．５');
    type(input, '3000.55');
    expect(held()).toBe('');
    expect(problem()).toBe('小数点以下は1桁までです');
    type(input, '3000円');
    expect(problem()).toBe('数字で入力してください');
  });
});

describe('AmountField', () => {
  it('reads ¥12,000 typed in full width as 12000 and leaves the text alone', () => {
    render(<Holder kind="amount" />);
    const input = screen.getByLabelText('金額') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    type(input, '１２，０００');
    expect(input.value).toBe('１２，０００');
    expect(held()).toBe('12000');
  });

  it('refuses decimals in yen visibly, and "all" replaces the text', () => {
    render(<Holder kind="amount" />);
    const input = screen.getByLabelText('金額') as HTMLInputElement;
    type(input, '12.5');
    expect(input.value).toBe('12.5');
    expect(held()).toBe('');
    expect(problem()).toBe('小数点以下は入力できません');
    fireEvent.click(screen.getByTestId('amount-all'));
    expect(input.value).toBe('5000');
    expect(problem()).toBeNull();
  });

  it('opens the decimal keypad for a currency with cents', () => {
    const onChange = vi.fn();
    render(<AmountField label="金額" currency="usd" value="" onChange={onChange} />);
    const input = screen.getByLabelText('金額') as HTMLInputElement;
    expect(input.inputMode).toBe('decimal');
    type(input, '10.25');
    expect(onChange).toHaveBeenLastCalledWith('10.25', null);
  });
});

describe('CodeField', () => {
  it('reads full-width digits of a fund password as digits (not erased), numeric keypad', () => {
    render(<Holder kind="code" />);
    const input = screen.getByLabelText('取引パスワード') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.type).toBe('password');
    type(input, '１２３４５６');
    expect(input.value).toBe('１２３４５６');
    expect(held()).toBe('123456');
  });

  it('refuses a letter and a seventh digit where they were typed', () => {
    render(<Holder kind="code" />);
    const input = screen.getByLabelText('取引パスワード') as HTMLInputElement;
    type(input, '12a');
    expect(input.value).toBe('12a');
    expect(problem()).toBe('数字のみで入力してください');
    type(input, '1234567');
    expect(problem()).toBe('6桁の数字で入力してください');
    expect(held()).toBe('');
  });
});
