// @vitest-environment happy-dom

import { ApiError } from '@kabuto/client';
import { MESSAGES } from '@kabuto/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { answerMediaQueries } from '../testing/dom.ts';
import { EntriesCard } from './entries-card.tsx';

beforeAll(answerMediaQueries);
afterEach(cleanup);

const rows = [
  {
    id: 1,
    order_no: 'B-001',
    offering_id: '7',
    account: 'tanaka01',
    quantity: '300',
    status: 1,
    create_time: 1_764_000_000,
  },
];
const STATUS = ['pending', 'allocated', 'refunded'];

function renderCard(
  over: { query?: object; onId?: (id: string) => void; onAccount?: (a: string) => void } = {},
) {
  const onStatus = vi.fn();
  const query = {
    data: { list: rows },
    isError: false,
    isPending: false,
    error: null,
    refetch: vi.fn(),
    ...over.query,
  };
  render(
    <I18nProvider>
      <EntriesCard
        title="Subscriptions"
        emptyText="No subscriptions"
        query={query}
        filters={{
          idPlaceholder: 'Offering ID',
          id: '',
          onId: over.onId ?? (() => {}),
          accountPlaceholder: 'Account',
          onAccount: over.onAccount ?? (() => {}),
          status: 'all',
          onStatus,
          statuses: ['all', 'pending', 'allocated', 'refunded'] as const,
          statusLabel: (s) => s,
        }}
        labels={{ order: 'Order', parent: 'Offering', account: 'Account', status: 'Status', time: 'Time' }}
        parentKey="offering_id"
        columns={[{ key: 'quantity', title: 'Applied', dataIndex: 'quantity' }]}
        statusOf={(r) => `status:${STATUS[Number(r.status)]}`}
      />
    </I18nProvider>,
  );
  return { query };
}

describe('the entries card (stakes, subscriptions)', () => {
  it('shows each entry: order, parent, account, the kind’s columns, status and time', () => {
    renderCard();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Order', 'Offering', 'Account', 'Applied', 'Status', 'Time']);
    const row = screen.getByText('B-001').closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'B-001',
      '7',
      'tanaka01',
      '300',
      'status:allocated',
      formatDateTime(1_764_000_000),
    ]);
  });

  it('filters by the parent’s id (digits only) and the account', () => {
    const onId = vi.fn();
    const onAccount = vi.fn();
    renderCard({ onId, onAccount });
    fireEvent.change(screen.getByPlaceholderText('Offering ID'), { target: { value: '7a2' } });
    expect(onId).toHaveBeenCalledWith('72');
    const account = screen.getByPlaceholderText('Account');
    fireEvent.change(account, { target: { value: ' sato ' } });
    fireEvent.keyDown(account, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onAccount).toHaveBeenCalledWith('sato');
  });

  it('says a failed load with a retry, and an empty list plainly', () => {
    const error = new ApiError('http', 'server.error', undefined, 500);
    const { query } = renderCard({ query: { data: undefined, isError: true, error } });
    expect(screen.getByTestId('state-error').textContent).toContain(MESSAGES['server.error'].jp);
    fireEvent.click(screen.getByTestId('state-retry'));
    expect(query.refetch).toHaveBeenCalled();
    cleanup();
    renderCard({ query: { data: { list: [] } } });
    expect(screen.getByText('No subscriptions')).toBeTruthy();
  });
});
