// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFields } from './date-range-fields.tsx';

afterEach(cleanup);

describe('DateRangeFields', () => {
  it('shows the period, each date bounded by the other, and reports each change', () => {
    const onStart = vi.fn();
    const onEnd = vi.fn();
    render(
      <DateRangeFields
        start="2026-11-01"
        end="2026-11-27"
        onStart={onStart}
        onEnd={onEnd}
        fromLabel="開始日"
        toLabel="終了日"
        testid="period"
      />,
    );
    const start = screen.getByTestId('period-start') as HTMLInputElement;
    const end = screen.getByTestId('period-end') as HTMLInputElement;
    expect([start.value, start.max]).toEqual(['2026-11-01', '2026-11-27']);
    expect([end.value, end.min]).toEqual(['2026-11-27', '2026-11-01']);
    expect(screen.getByText('開始日')).toBeTruthy();
    expect(screen.getByText('終了日')).toBeTruthy();
    fireEvent.change(start, { target: { value: '2026-10-01' } });
    fireEvent.change(end, { target: { value: '2026-11-20' } });
    expect(onStart).toHaveBeenCalledWith('2026-10-01');
    expect(onEnd).toHaveBeenCalledWith('2026-11-20');
  });
});
