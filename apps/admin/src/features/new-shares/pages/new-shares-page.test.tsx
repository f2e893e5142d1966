// @vitest-environment happy-dom

import { ADMIN_API_BASE } from '@kabuto/contract';
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeItem } from '../../../lib/storage.ts';
import { answerMediaQueries } from '../../../testing/dom.ts';
import { renderScreen } from '../../../testing/screen.tsx';
import { NewSharesPage } from './new-shares-page.tsx';

beforeAll(answerMediaQueries);

/** The admin API as the page reads it: one offering named in the three languages (its us name empty), no applications. */
const offering = {
  id: '1',
  code: 'KBT1',
  market: 'jpy',
  name_jp: 'カブト電機',
  name_cn: '兜电机',
  name_us: '',
  range_low: '1000',
  range_high: '1200',
  offer_price: '',
  shares: '1000',
  subscribe_start: 1_764_000_000,
  subscribe_end: 1_764_300_000,
  lottery_at: 1_764_400_000,
  state: 0,
  commitment: 'c',
  seed: '',
  result: null,
  applications: 0,
};
const reply = (data: unknown) => new Response(JSON.stringify({ status: 1, data }), { status: 200 });
const fetchFn = vi.fn(async (url: string) => {
  switch (url.slice(ADMIN_API_BASE.length)) {
    case '/ipo/list':
      return reply({ list: [offering], total: 1 });
    case '/ipo/applications':
      return reply({ list: [], total: 0 });
    default:
      return new Response('', { status: 404 });
  }
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchFn);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  writeItem(STORAGE_KEYS.language, null);
});

const nameCell = () =>
  document.querySelector('[data-testid="ipo-row"][data-code="KBT1"] td:nth-child(3)')?.textContent;
const offeringOptions = async () => {
  const select = document.querySelector('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
};

describe('the new shares page', () => {
  it('names the offerings in the operator’s language, in Japanese when that name is empty', async () => {
    const { setLang } = renderScreen(<NewSharesPage />);
    await waitFor(() => expect(nameCell()).toBe('カブト電機'));
    expect(await offeringOptions()).toEqual(['KBT1 カブト電機']);

    setLang('cn');
    await waitFor(() => expect(nameCell()).toBe('兜电机'));
    expect(await offeringOptions()).toEqual(['KBT1 兜电机']);

    setLang('us');
    await waitFor(() => expect(nameCell()).toBe('カブト電機'));
  });
});
