import '../security.css';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { passkeysSupported } from '../../../lib/passkey.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import {
  useAddPasskey,
  useDeletePasskey,
  useSecurityStatus,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from '../api/security.ts';
import { deviceName } from '../device-name.ts';

/**
 * `/mine/security`: passkeys (add, remove), the authenticator app (set up with a QR code or the secret,
 * confirm with a first code, then recovery codes shown once), and a link to the signed-in devices.
 */
export function SecurityPage() {
  const { t } = useTranslator('security');
  const status = useSecurityStatus();
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const [name, setName] = useState(() => deviceName(navigator.userAgent));
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);

  const addPasskey = () => {
    if (!name.trim()) return showMsg('validation.required', { field: 'name' });
    add.mutate(name.trim(), { onSuccess: ({ code }) => showMsg(code ?? 'ok.passkeyAdded') });
  };
  const confirmTotp = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return showMsg('security.codeFormat');
    enable.mutate(code.trim(), {
      onSuccess: ({ data, code }) => {
        showMsg(code ?? 'ok.totpEnabled');
        setRecovery(data.recovery_codes);
        setup.reset();
        setCode('');
      },
    });
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('copied'));
    } catch {
      showToast(text);
    }
  };

  return (
    <>
      <PageHeader title={t('title')} />
      {status.isPending ? (
        <ListSkeleton rows={3} lines={2} />
      ) : status.isError ? (
        <ErrorState onRetry={() => void status.refetch()} />
      ) : (
        <div className="k-body k-security">
          {status.data.required && status.data.passkeys.length === 0 && !status.data.totp && (
            <p className="k-security-required" role="alert">
              {t('required')}
            </p>
          )}
          <p className="k-security-note">{t('note')}</p>

          <section className="k-card k-card-pad" aria-labelledby="k-passkeys">
            <h2 id="k-passkeys" className="k-security-h">
              {t('passkeys.title')}
            </h2>
            <p className="k-security-note">{t('passkeys.note')}</p>
            <ul className="k-security-list" data-testid="passkey-list">
              {status.data.passkeys.map((p) => (
                <li key={p.id}>
                  <div>
                    <b>{p.name}</b>
                    <small>
                      {t('passkeys.added', { time: formatDateTime(p.create_time) })}
                      {p.last_used ? ` · ${t('passkeys.used', { time: formatDateTime(p.last_used) })}` : ''}
                    </small>
                  </div>
                  <button
                    type="button"
                    className="k-btn k-security-small"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(p.id, { onSuccess: ({ code }) => showMsg(code ?? 'ok.deleted') })
                    }
                  >
                    {t('passkeys.remove')}
                  </button>
                </li>
              ))}
              {status.data.passkeys.length === 0 && (
                <li className="k-security-empty">{t('passkeys.none')}</li>
              )}
            </ul>
            {passkeysSupported() ? (
              <div className="k-form">
                <TextField
                  label={t('passkeys.name')}
                  icon="user"
                  value={name}
                  onChange={setName}
                  maxLength={40}
                  name="passkey-name"
                />
                <button
                  type="button"
                  className="k-btn k-btn-primary k-btn-block"
                  disabled={add.isPending}
                  onClick={addPasskey}
                  data-testid="passkey-add"
                >
                  {t('passkeys.add')}
                </button>
              </div>
            ) : (
              <p className="k-security-note">{t('passkeys.unsupported')}</p>
            )}
          </section>

          <section className="k-card k-card-pad" aria-labelledby="k-totp">
            <h2 id="k-totp" className="k-security-h">
              {t('totp.title')}
            </h2>
            {status.data.totp ? (
              <>
                <p className="k-security-note" data-testid="totp-on">
                  {t('totp.on', { n: status.data.recovery_codes_left })}
                </p>
                <button
                  type="button"
                  className="k-btn k-btn-block"
                  disabled={disable.isPending}
                  data-testid="totp-disable"
                  onClick={() =>
                    disable.mutate(undefined, { onSuccess: ({ code }) => showMsg(code ?? 'ok.changed') })
                  }
                >
                  {t('totp.disable')}
                </button>
              </>
            ) : setup.data ? (
              <form className="k-form" onSubmit={confirmTotp} noValidate>
                <p className="k-security-note">{t('totp.scan')}</p>
                <img
                  className="k-security-qr"
                  src={setup.data.qr}
                  alt={t('totp.qrAlt')}
                  width={200}
                  height={200}
                />
                <p className="k-security-note">{t('totp.orType')}</p>
                <button
                  type="button"
                  className="k-security-secret"
                  onClick={() => copy(setup.data.secret)}
                  data-testid="totp-secret"
                  data-secret={setup.data.secret}
                >
                  {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
                </button>
                <TextField
                  label={t('totp.code')}
                  icon="key"
                  value={code}
                  onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  name="totp-code"
                />
                <button
                  type="submit"
                  className="k-btn k-btn-primary k-btn-block"
                  disabled={enable.isPending}
                  data-testid="totp-enable"
                >
                  {t('totp.confirm')}
                </button>
              </form>
            ) : (
              <>
                <p className="k-security-note">{t('totp.note')}</p>
                <button
                  type="button"
                  className="k-btn k-btn-primary k-btn-block"
                  disabled={setup.isPending}
                  onClick={() => setup.mutate()}
                  data-testid="totp-setup"
                >
                  {t('totp.setUp')}
                </button>
              </>
            )}
            {recovery && (
              <div className="k-security-recovery" data-testid="recovery-codes">
                <p className="k-security-note">{t('totp.recovery')}</p>
                <ol>
                  {recovery.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ol>
                <button type="button" className="k-btn k-btn-block" onClick={() => copy(recovery.join('\n'))}>
                  {t('totp.copyRecovery')}
                </button>
              </div>
            )}
          </section>

          <Link className="k-btn k-btn-block k-security-devices" to="/mine/devices">
            {t('devicesLink')}
          </Link>
        </div>
      )}
    </>
  );
}
