// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n.ts';
import { marginBookWire, marginWire } from '../../../testing/fixtures.wire.ts';
import {
  fakeServer,
  loadTranslations,
  msg,
  ok,
  refusal,
  renderScreen,
  resetBetweenTests,
  toastText,
} from '../../../testing/screen.tsx';
import { MarginPage } from './margin-page.tsx';

const m = (key: string, values?: Record<string, unknown>) => translate(`margin.${key}`, values, 'money');

const open = () => renderScreen(<MarginPage />, { url: '/mine/margin' });

/** Answer the three suitability questions. */
function answer(experience = '1to3', assets = '500kto3m', income = '3mto5m') {
  fireEvent.click(screen.getByTestId(`margin-experience-${experience}`));
  fireEvent.click(screen.getByTestId(`margin-assets-${assets}`));
  fireEvent.click(screen.getByTestId(`margin-income-${income}`));
}

beforeAll(() => loadTranslations('money'));
resetBetweenTests();

describe('the margin account screen', () => {
  it('without an account: the questions, the agreement, and the application sent as answered', async () => {
    const s = fakeServer({
      '/user/margin_account': ok(marginWire()),
      '/user/margin_apply': ok(marginWire({ status: 'pending' }), 'ok.submitted'),
    });
    open();
    await screen.findByTestId('margin-form');
    expect(screen.getByTestId('margin-status').textContent).toBe(m('status.none'));
    expect(screen.getByTestId('margin-agreement').textContent).toContain(m('agreement.forced'));
    const submit = screen.getByTestId('margin-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    answer();
    expect(submit.disabled).toBe(false);
    // the risks and the agreement must be confirmed: said before anything is sent
    fireEvent.click(submit);
    expect(await toastText()).toBe(await msg('margin.risksNotUnderstood'));
    fireEvent.click(screen.getByTestId('margin-risks'));
    fireEvent.click(submit);
    const agreement = await msg('margin.agreementRequired');
    await waitFor(() =>
      expect([...document.querySelectorAll('.k-toast')].map((e) => e.textContent)).toContain(agreement),
    );
    expect(s.calls('/user/margin_apply')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('margin-agree'));
    fireEvent.click(submit);
    await waitFor(() => expect(s.calls('/user/margin_apply')).toHaveLength(1));
    expect(s.calls('/user/margin_apply')[0].body).toEqual({
      experience: '1to3',
      assets: '500kto3m',
      income: '3mto5m',
      risks: 1,
      agreement: 1,
    });
    // the reply is the new state: under review, the form gone
    await waitFor(() => expect(screen.getByTestId('margin-page').dataset.status).toBe('pending'));
    expect(screen.queryByTestId('margin-form')).toBeNull();
    expect(screen.getByText(m('note.pending'))).toBeTruthy();
  });

  it("shows the server's refusal of an application (assets under ¥500,000)", async () => {
    fakeServer({
      '/user/margin_account': ok(marginWire()),
      '/user/margin_apply': refusal('margin.assetsTooLow'),
    });
    open();
    await screen.findByTestId('margin-form');
    answer('over3', 'under500k', 'under3m');
    fireEvent.click(screen.getByTestId('margin-risks'));
    fireEvent.click(screen.getByTestId('margin-agree'));
    fireEvent.click(screen.getByTestId('margin-submit'));
    expect(await toastText()).toBe(await msg('margin.assetsTooLow'));
    expect(screen.getByTestId('margin-page').dataset.status).toBe('none');
  });

  it('rejected: the reason, and the form to apply again', async () => {
    fakeServer({
      '/user/margin_account': ok(marginWire({ status: 'rejected', reason: '経験年数の確認ができません' })),
    });
    open();
    await screen.findByTestId('margin-form');
    expect(screen.getByTestId('margin-state').textContent).toContain(
      m('note.rejectedWith', { reason: '経験年数の確認ができません' }),
    );
  });

  it('open: the book against the line, and an open call with its amount and deadline in JST', async () => {
    fakeServer({
      '/user/margin_account': ok(
        marginWire({
          status: 'approved',
          line: '30.00',
          books: [marginBookWire()],
          calls: [
            {
              id: '7',
              type: 'jpy',
              amount: '40500.0000',
              ratio: '25.50',
              // 2026-11-26 12:00 in Tokyo
              deadline: 1_795_662_000,
              status: 'open',
              create_time: 1_795_482_000,
            },
          ],
        }),
      ),
    });
    open();
    await screen.findByTestId('margin-summary');
    expect(screen.queryByTestId('margin-form')).toBeNull();
    const ratio = screen.getByTestId('margin-ratio');
    expect(ratio.textContent).toBe('25.50%');
    // below the line: shown as such
    expect(ratio.className).toContain('is-low');
    expect(screen.getByTestId('margin-line').textContent).toBe(m('line', { line: '30.00' }));
    expect(screen.getByTestId('margin-notional').textContent).toBe('900,000.00円');
    expect(screen.getByTestId('margin-pnl').textContent).toBe('-20,500.00円');
    expect(screen.getByTestId('margin-financing').textContent).toBe('1,200.00円');
    expect(screen.getByTestId('margin-call-amount').textContent).toBe('40,500.00円');
    expect(screen.getByTestId('margin-call-deadline').textContent).toBe(
      m('jst', { time: '2026/11/26 12:00' }),
    );
    expect(screen.getByTestId('margin-call-row').dataset.status).toBe('open');
  });
});
