// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import {
  fakeServer,
  loadTranslations,
  refusal,
  renderScreen,
  resetBetweenTests,
} from '../../../testing/screen.tsx';
import { PositionInfoPage } from './position-info-page.tsx';

const open = (url: string) => renderScreen(<PositionInfoPage />, { url, path: '/position/info' });

beforeAll(() => loadTranslations('position', 'lending'));
resetBetweenTests();

describe('a position that is not there', () => {
  it('without an id says not found (no skeleton for ever, no retry)', async () => {
    fakeServer({});
    open('/position/info');
    expect(await screen.findByTestId('position-not-found')).toBeTruthy();
    expect(screen.getByText(translate('states.notFound', undefined, 'shell'))).toBeTruthy();
    expect(screen.queryByText(translate('states.error', undefined, 'shell'))).toBeNull();
  });

  it('an id that is not the user’s says not found', async () => {
    fakeServer({ '/trade/stockdetail': refusal('trade.orderNotFound') });
    open('/position/info?id=999&type=jpy');
    expect(await screen.findByTestId('position-not-found')).toBeTruthy();
  });
});
