import { type FormEvent, useEffect, useRef, useState } from 'react';
import { call, isApiError } from '../lib/api.ts';
import { endpoints } from '../lib/endpoints.ts';
import { showMsg } from '../lib/messages.ts';
import { getPasskey } from '../lib/passkey.ts';
import { setStepUpPrompt } from '../lib/step-up.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { TextField } from './text-field.tsx';

type Methods = ('passkey' | 'totp')[];
interface Open {
  methods: Methods;
  options: Record<string, unknown> | null;
  resolve: (proof: string | null) => void;
}

/**
 * The step-up confirmation the API client asks for when a sensitive call is refused with
 * `security.stepUpRequired`: a passkey or a code, whichever the user has. Mounted once in the shell.
 */
export function StepUpHost() {
  const { t } = useTranslator('shell');
  const [open, setOpen] = useState<Open | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const openRef = useRef<Open | null>(null);
  openRef.current = open;

  useEffect(
    () =>
      setStepUpPrompt(async () => {
        openRef.current?.resolve(null);
        const { data } = await call(endpoints.security.stepUpOptions, {});
        return new Promise<string | null>((resolve) => {
          setCode('');
          setBusy(false);
          setOpen({ methods: data.methods, options: data.options, resolve });
        });
      }),
    [],
  );

  if (!open) return null;
  const close = (proof: string | null) => {
    open.resolve(proof);
    setOpen(null);
  };
  const confirm = async (body: { credential?: unknown; code?: string }) => {
    setBusy(true);
    try {
      const { data } = await call(endpoints.security.stepUp, body as never);
      close(data.proof);
    } catch (e) {
      if (!isApiError(e)) throw e;
      setBusy(false);
    }
  };
  const withPasskey = async () => {
    if (!open.options) return;
    setBusy(true);
    try {
      const credential = await getPasskey(open.options);
      await confirm({ credential });
    } catch {
      setBusy(false);
    }
  };
  const withCode = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return showMsg('validation.required', { field: 'code' });
    await confirm({ code: value });
  };

  return (
    <div className="k-stepup-mask" role="presentation">
      <form
        className="k-stepup"
        role="dialog"
        aria-modal="true"
        aria-labelledby="k-stepup-title"
        onSubmit={withCode}
        noValidate
        data-testid="step-up-dialog"
      >
        <h2 id="k-stepup-title">{t('stepUp.title')}</h2>
        <p>{t('stepUp.hint')}</p>
        {open.methods.includes('passkey') && open.options && (
          <button
            type="button"
            className="k-btn k-btn-primary k-btn-block"
            disabled={busy}
            onClick={withPasskey}
            data-testid="step-up-passkey"
          >
            {t('stepUp.usePasskey')}
          </button>
        )}
        {open.methods.includes('totp') && (
          <>
            <TextField
              label={t('stepUp.code')}
              icon="key"
              value={code}
              onChange={setCode}
              placeholder={t('stepUp.codePlaceholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              name="step-up-code"
            />
            <button
              type="submit"
              className="k-btn k-btn-primary k-btn-block"
              disabled={busy}
              data-testid="step-up-code-submit"
            >
              {t('stepUp.confirm')}
            </button>
          </>
        )}
        <button type="button" className="k-btn k-btn-block" onClick={() => close(null)} disabled={busy}>
          {t('stepUp.cancel')}
        </button>
      </form>
    </div>
  );
}
