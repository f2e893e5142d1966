import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { kycReason, type UserInfo } from '../../../lib/wallets.ts';
import { whenSent } from '../../../lib/when-sent.ts';
import { useSubmitKyc } from '../api/use-submit-kyc.ts';
import { checkKyc, type KycForm } from '../kyc-form.ts';

const EMPTY: KycForm = { realname: '', idCard: '', front: null, back: null, privacy: false };

export function KycFormCard({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const { t } = useTranslator('money');
  const submit = useSubmitKyc();
  const [form, setForm] = useState<KycForm>(() => ({ ...EMPTY, realname: user.realName ?? '' }));
  const set =
    <K extends keyof KycForm>(key: K) =>
    (value: KycForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const reason = user.verification === 2 ? kycReason(user) : '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    const problem = checkKyc(form);
    if (problem) return showMsg(problem.msg, problem.params);
    whenSent(
      submit.mutateAsync({
        realname: form.realname.trim(),
        id_card: form.idCard.trim(),
        frontcard: form.front!,
        backcard: form.back!,
        privacy: '1',
      }),
      ({ code }) => {
        showMsg(code ?? 'ok.submitted');
        onDone();
      },
    );
  };

  return (
    <form className="k-money-form" onSubmit={onSubmit} noValidate data-testid="kyc-form">
      {reason ? (
        <p className="k-note is-bad" data-testid="kyc-reason">
          <Icon name="alert" size={16} />
          <span>
            {t('kyc.rejectedNote')}
            <b> {reason}</b>
          </span>
        </p>
      ) : (
        <p className="k-note">
          <Icon name="shield" size={16} />
          {t('kyc.intro')}
        </p>
      )}
      <section className="k-card">
        <div className="k-form">
          <TextField
            label={t('kyc.name')}
            icon="user"
            name="realname"
            value={form.realname}
            onChange={set('realname')}
            placeholder={t('kyc.namePlaceholder')}
            autoComplete="name"
            maxLength={50}
          />
          <TextField
            label={t('kyc.idNumber')}
            icon="idcard"
            name="id_card"
            value={form.idCard}
            onChange={set('idCard')}
            placeholder={t('kyc.idPlaceholder')}
            hint={t('kyc.idHint')}
            autoComplete="off"
            maxLength={30}
          />
        </div>
      </section>
      <section className="k-card k-card-pad">
        <h2 className="k-card-title">{t('kyc.photos')}</h2>
        <p className="k-hint k-photos-hint">{t('kyc.photosHint')}</p>
        <div className="k-pick-pair">
          <ImagePicker
            label={t('kyc.front')}
            value={form.front}
            onChange={set('front')}
            testid="kyc-front"
            icon="idcard"
          />
          <ImagePicker
            label={t('kyc.back')}
            value={form.back}
            onChange={set('back')}
            testid="kyc-back"
            icon="file"
          />
        </div>
      </section>
      <label className="k-agree">
        <input
          type="checkbox"
          name="privacy"
          checked={form.privacy}
          onChange={(e) => set('privacy')(e.target.checked)}
        />
        <span className="k-check" aria-hidden="true" />
        <span>
          {t('kyc.agreeBefore')}
          <Link to="/mine/privacy">{t('kyc.privacyLink')}</Link>
          {t('kyc.agreeAfter')}
        </span>
      </label>
      <div className="k-form-actions">
        <button
          type="submit"
          className="k-btn k-btn-primary k-btn-block"
          disabled={submit.isPending}
          data-testid="kyc-submit"
        >
          {submit.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
          {t('kyc.submit')}
        </button>
      </div>
    </form>
  );
}
