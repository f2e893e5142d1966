import type { Language, OperatorRole } from '@kabuto/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { type I18n, I18nProvider, useI18n } from '../lib/i18n.tsx';
import { OperatorContext } from '../lib/operator.tsx';

/**
 * A back-office screen as the app shows it: queries (no retries), translations, antd's App, a router and
 * a signed-in operator (an administrator unless `role` says otherwise). `setLang` is the layout's
 * language switch, which the screen alone does not have.
 */
export function renderScreen(ui: ReactNode, { role = 'admin' }: { role?: OperatorRole } = {}) {
  let i18n: I18n | undefined;
  function CurrentI18n() {
    i18n = useI18n();
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider>
        <CurrentI18n />
        <App>
          <MemoryRouter>
            <OperatorContext.Provider value={{ username: 'op', role }}>{ui}</OperatorContext.Provider>
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return {
    setLang: (lang: Language) => act(() => i18n?.setLang(lang)),
  };
}
