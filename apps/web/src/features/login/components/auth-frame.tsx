import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo, useAppTitle } from '../../../components/brand-logo.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';

/** The frame of login and register: yellow brand band, language picker, a card, agreement links. */
export function AuthFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { t } = useTranslator('login');
  const title = useAppTitle();
  return (
    <main className="k-auth" data-testid="auth-screen">
      <div className="k-auth-band">
        <div className="k-auth-top">
          <LanguageSelect />
        </div>
        <div className="k-auth-brand">
          <BrandLogo size={56} />
          <div>
            <h1>{title}</h1>
            <p>{subtitle}</p>
          </div>
        </div>
      </div>
      <div className="k-auth-card">{children}</div>
      <footer className="k-auth-foot">
        <Link to="/mine/protocol">{t('terms.protocol')}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/mine/privacy">{t('terms.privacy')}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/mine/about">{t('terms.about')}</Link>
      </footer>
    </main>
  );
}
