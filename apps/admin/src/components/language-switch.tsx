import { LANGUAGES } from '@kabuto/contract';
import { Segmented } from 'antd';
import { isLanguage, LANGUAGE_NAMES, useI18n } from '../lib/i18n.tsx';

/** jp / cn / us, remembered in localStorage (`admin_language`). */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'middle' }) {
  const { lang, setLang } = useI18n();
  return (
    <Segmented
      data-testid="language-switch"
      size={size}
      value={lang}
      onChange={(v) => {
        if (isLanguage(v)) setLang(v);
      }}
      options={LANGUAGES.map((l) => ({
        value: l,
        label: <span data-testid={`language-${l}`}>{LANGUAGE_NAMES[l]}</span>,
      }))}
    />
  );
}
