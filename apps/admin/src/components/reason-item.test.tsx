// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n.tsx';
import jp from '../locales/jp/admin.json';
import { answerMediaQueries } from '../testing/dom.ts';
import { ReasonItem } from './reason-item.tsx';

beforeAll(answerMediaQueries);
afterEach(cleanup);

function renderForm(onFinish: (v: { reason: string }) => void) {
  render(
    <I18nProvider>
      <Form onFinish={onFinish}>
        <ReasonItem testId="why" />
        <Button htmlType="submit" data-testid="send">
          send
        </Button>
      </Form>
    </I18nProvider>,
  );
  return screen.getByTestId('why') as HTMLTextAreaElement;
}

describe('ReasonItem', () => {
  it('is labelled, with the audit-log hint and up to 500 characters', () => {
    const reason = renderForm(() => {});
    expect(reason.placeholder).toBe(jp['form.reasonPlaceholder']);
    expect(reason.maxLength).toBe(500);
    expect(screen.getByText(jp['form.reason'])).toBeTruthy();
  });

  it('is required, and blanks are none', async () => {
    const onFinish = vi.fn();
    const reason = renderForm(onFinish);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('send'));
    expect(await screen.findByText(jp['form.reasonRequired'])).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '顧客からの申請' } });
    fireEvent.click(screen.getByTestId('send'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ reason: '顧客からの申請' }));
  });
});
