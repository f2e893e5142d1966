import '../mine.css';
import { Icon } from '../../../components/icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { currentLanguage, LANGUAGE_NAMES, PICKER_LANGUAGES, switchLanguage } from '../../../lib/i18n.ts';
import { useTranslator } from '../../../lib/use-translator.ts';

/** `/mine/language`: cn, us, jp. Choosing stores `language` and reloads, as the family's clients do. */
export function LanguagePage() {
  const { t } = useTranslator('mine');
  const current = currentLanguage();
  return (
    <>
      <PageHeader title={t('language.title')} />
      <div className="k-body">
        <ul className="k-choice-list" aria-label={t('language.title')}>
          {PICKER_LANGUAGES.map((lang) => (
            <li key={lang}>
              <button
                type="button"
                className={`k-choice${lang === current ? ' is-selected' : ''}`}
                aria-pressed={lang === current}
                data-testid={`language-${lang}`}
                onClick={() => (lang === current ? undefined : switchLanguage(lang))}
              >
                <span className="k-choice-label">
                  <span>{LANGUAGE_NAMES[lang]}</span>
                  <small>{t(`language.names.${lang}`)}</small>
                </span>
                {lang === current && <Icon name="check" size={20} strokeWidth={2.6} />}
              </button>
            </li>
          ))}
        </ul>
        <p className="k-hint k-center">{t('language.hint')}</p>
      </div>
    </>
  );
}
