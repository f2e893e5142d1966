import type { Language } from '@kabuto/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enLocale from 'antd/es/locale/en_US';
import jaLocale from 'antd/es/locale/ja_JP';
import cnLocale from 'antd/es/locale/zh_CN';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider, useI18n } from '../lib/i18n.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

const ANTD_LOCALES = { jp: jaLocale, cn: cnLocale, us: enLocale } satisfies Record<Language, unknown>;

const THEME = {
  token: {
    colorPrimary: '#1f5fbf',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Hiragino Sans', 'Noto Sans CJK JP', 'Noto Sans JP', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { siderBg: '#0f2340', triggerBg: '#0b1a30', headerBg: '#ffffff' },
    Menu: { darkSubMenuItemBg: '#0b1a30', darkItemBg: '#0f2340' },
  },
};

function Themed() {
  const { lang, t } = useI18n();
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME}>
      <AntApp message={{ maxCount: 3, duration: 2 }}>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

export function AdminApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <Themed />
      </I18nProvider>
    </QueryClientProvider>
  );
}
