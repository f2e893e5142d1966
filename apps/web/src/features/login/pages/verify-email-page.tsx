import '../login.css';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { verifyAddress } from '../api/password-reset.ts';
import { AuthFrame } from '../components/auth-frame.tsx';

/** `/login/verify-email?token=…`: the verification link opened (signed in or not, on any device). */
export function VerifyEmailPage() {
  const { t } = useTranslator('recovery');
  const { t: tLogin } = useTranslator('login');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ email?: string; failed?: boolean }>({});

  useEffect(() => {
    let live = true;
    verifyAddress(token).then(
      ({ data, code }) => {
        if (!live) return;
        showMsg(code ?? 'ok.emailVerified');
        setState({ email: data.email });
      },
      (err: unknown) => {
        if (!live) return;
        showMsg(isApiError(err) ? err.code : 'server.error');
        setState({ failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthFrame subtitle={tLogin('login.subtitle')}>
      <div data-testid="verify-email">
        <h2 className="k-auth-title">{t('verify.title')}</h2>
        <p className="k-auth-note" role="status">
          {state.email
            ? t('verify.done', { email: state.email })
            : state.failed
              ? t('verify.failed')
              : t('verify.checking')}
        </p>
        <p className="k-auth-alt">
          <Link to="/mine/email">{t('verify.toSettings')}</Link>
          {' · '}
          <Link to="/login/login">{t('verify.toLogin')}</Link>
        </p>
      </div>
    </AuthFrame>
  );
}
