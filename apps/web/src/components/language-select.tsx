import type { Language } from '@kabuto/contract';
import { currentLanguage, LANGUAGE_NAMES, PICKER_LANGUAGES, switchLanguage } from '../lib/i18n.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { BasicIcon } from './line-icon.tsx';

/** Compact language picker for screens before login (stores the choice and reloads). */
export function LanguageSelect() {
  const { t } = useTranslator();
  const lang = currentLanguage();
  return (
    <label className="k-lang">
      <BasicIcon name="globe" size={18} />
      <span className="k-sr-only">{t('language')}</span>
      <select
        data-testid="language-select"
        value={lang}
        onChange={(e) => switchLanguage(e.target.value as Language)}
      >
        {PICKER_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
