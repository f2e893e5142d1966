// @vitest-environment happy-dom

import { ApiError } from '@kabuto/client';
import { MESSAGES } from '@kabuto/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Input } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n.tsx';
import jp from '../locales/jp/admin.json';
import { answerMediaQueries } from '../testing/dom.ts';
import { type ReasonConfirm, useReasonConfirm } from './reason-confirm.tsx';

beforeAll(answerMediaQueries);
afterEach(cleanup);

function Opener(props: Omit<ReasonConfirm<string>, 'title' | 'okText' | 'testId'>) {
  const confirm = useReasonConfirm();
  return (
    <Button
      data-testid="open"
      onClick={() => confirm({ title: 'Take off 9984', okText: 'OK', danger: true, testId: 'why', ...props })}
    >
      open
    </Button>
  );
}

function open(props: Omit<ReasonConfirm<string>, 'title' | 'okText' | 'testId'>) {
  render(
    <I18nProvider>
      <App>
        <Opener {...props} />
      </App>
    </I18nProvider>,
  );
  fireEvent.click(screen.getByTestId('open'));
}

const okButton = async () =>
  (await screen.findByTestId('why'))
    .closest('.ant-modal')
    ?.querySelector('.ant-btn-dangerous') as HTMLElement;
const dialogOpen = () => document.querySelector('.ant-modal-confirm') !== null;

describe('useReasonConfirm', () => {
  it('without a reason (blanks are none) stays open, says so under the field, and sends nothing', async () => {
    const submit = vi.fn(async () => 'done');
    open({ submit });
    fireEvent.change(await screen.findByTestId('why'), { target: { value: '   ' } });
    fireEvent.click(await okButton());
    const problem = await screen.findByTestId('reason-confirm-error');
    expect(problem.textContent).toBe(jp['form.reasonRequired']);
    expect(problem.getAttribute('role')).toBe('alert');
    expect(submit).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(true);
  });

  it('sends the trimmed reason once, then reports the result (the dialog closing is seen in the browser tests)', async () => {
    const submit = vi.fn(async (reason: string) => `saved: ${reason}`);
    const done = vi.fn();
    open({ submit, done, hint: 'What happens' });
    expect(await screen.findByText('What happens')).toBeTruthy();
    fireEvent.change(await screen.findByTestId('why'), { target: { value: '  borrow found  ' } });
    fireEvent.click(await okButton());
    await waitFor(() => expect(done).toHaveBeenCalledWith('saved: borrow found'));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith('borrow found');
  });

  it('a refusal stays in the dialog, translated, with what was typed kept; a second try can succeed', async () => {
    let rate = '1.5';
    const submit = vi
      .fn<(reason: string) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError('refusal', 'trade.unknownSymbol'))
      .mockResolvedValueOnce('ok');
    const done = vi.fn();
    open({
      submit,
      done,
      fields: (
        <Input
          defaultValue={rate}
          onChange={(e) => {
            rate = e.target.value;
          }}
          data-testid="rate"
        />
      ),
    });
    fireEvent.change(await screen.findByTestId('rate'), { target: { value: '2.25' } });
    fireEvent.change(screen.getByTestId('why'), { target: { value: 'scarce' } });
    fireEvent.click(await okButton());
    const problem = await screen.findByTestId('reason-confirm-error');
    expect(problem.textContent).toBe(MESSAGES['trade.unknownSymbol'].jp);
    expect(done).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(true);
    expect((screen.getByTestId('rate') as HTMLInputElement).value).toBe('2.25');
    expect((screen.getByTestId('why') as HTMLTextAreaElement).value).toBe('scarce');
    expect(rate).toBe('2.25');
    // the button is usable again, and the second try goes through
    await waitFor(async () => expect((await okButton()).classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(await okButton());
    await waitFor(() => expect(done).toHaveBeenCalledWith('ok'));
    expect(submit.mock.calls).toEqual([['scarce'], ['scarce']]);
  });

  it('its buttons are touch-sized', async () => {
    open({ submit: async () => 'x' });
    const buttons =
      (await screen.findByTestId('why')).closest('.ant-modal')?.querySelectorAll('button') ?? [];
    const sized = [...buttons].filter((b) => b.style.minHeight === '44px');
    expect(sized.length).toBe(2);
  });
});
