import { type FormEvent, useEffect, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { Segmented } from '../../../components/segmented.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { BankCard } from '../../../lib/api/use-cards.ts';
import { maskedNumber } from '../../../lib/bank-card.ts';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useAddCard } from '../api/use-add-card.ts';
import { useEditCard } from '../api/use-edit-card.ts';
import { type CardForm, checkCard, digitsOnly } from '../card-form.ts';

const ACCOUNT_TYPES = ['ordinary', 'current', 'savings'] as const;
type AccountType = (typeof ACCOUNT_TYPES)[number];
type Form = CardForm & { accountType: AccountType };

export function CardFormView({ card, realname }: { card?: BankCard; realname: string }) {
  const { t } = useTranslator('money');
  const goBack = useGoBack('/mine/bank');
  const add = useAddCard();
  const edit = useEditCard();
  const busy = add.isPending || edit.isPending;
  const [form, setForm] = useState<Form>(() => ({
    realname: card?.realname ?? realname,
    bankNum: '',
    bankName: card?.bank_name ?? '',
    branch: card?.bank_address ?? '',
    branchCode: card?.bank_code ?? '',
    accountType: card?.account_type ?? 'ordinary',
  }));
  useEffect(() => {
    if (!card && realname) setForm((f) => (f.realname ? f : { ...f, realname }));
  }, [card, realname]);
  const set = (key: keyof CardForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const done = ({ code }: { code?: string }) => {
    showMsgAcrossNavigation(code ?? (card ? 'ok.changed' : 'ok.added'));
    goBack();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = checkCard(form);
    if (problem) return showMsg(problem.msg, problem.params);
    const body = {
      realname: form.realname.trim(),
      bank_num: form.bankNum,
      bank_name: form.bankName.trim(),
      bank_address: form.branch.trim(),
      bank_code: form.branchCode,
      account_type: form.accountType,
    };
    if (card) edit.mutate({ cardId: card.id, ...body }, { onSuccess: done });
    else add.mutate(body, { onSuccess: done });
  };

  return (
    <form className="k-money-form" onSubmit={submit} noValidate data-testid="bank-form">
      <p className="k-note">
        <Icon name="info" size={16} />
        {t('bank.holderNote')}
      </p>
      <section className="k-card">
        <div className="k-form">
          <TextField
            label={t('bank.holder')}
            icon="user"
            name="realname"
            value={form.realname}
            onChange={set('realname')}
            placeholder={t('bank.holderPlaceholder')}
            autoComplete="name"
            maxLength={50}
          />
          <TextField
            label={t('bank.bankName')}
            icon="bank"
            name="bank_name"
            value={form.bankName}
            onChange={set('bankName')}
            placeholder={t('bank.bankNamePlaceholder')}
            maxLength={60}
          />
          <div className="k-form-pair">
            <TextField
              label={t('bank.branch')}
              icon="home"
              name="bank_address"
              value={form.branch}
              onChange={set('branch')}
              placeholder={t('bank.branchPlaceholder')}
              maxLength={100}
            />
            <TextField
              label={t('bank.branchCode')}
              icon="key"
              name="bank_code"
              value={form.branchCode}
              onChange={(v) => set('branchCode')(digitsOnly(v, 10))}
              placeholder="123"
              inputMode="numeric"
              maxLength={10}
            />
          </div>
          <div>
            <span className="k-label" id="account-type-label">
              {t('bank.accountType')}
            </span>
            <Segmented
              value={form.accountType}
              onChange={(v) => setForm((f) => ({ ...f, accountType: v }))}
              options={ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`bank.types.${v}`) }))}
              label={t('bank.accountType')}
              testid="account-type"
            />
          </div>
          <TextField
            label={t('bank.number')}
            icon="records"
            name="bank_num"
            value={form.bankNum}
            onChange={(v) => set('bankNum')(digitsOnly(v, 30))}
            placeholder={card ? t('bank.numberAgain', { number: maskedNumber(card.bank_num) }) : '1234567'}
            hint={card ? t('bank.numberAgainHint') : t('bank.numberHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
          />
        </div>
      </section>
      <div className="k-form-actions">
        <button
          type="submit"
          className="k-btn k-btn-primary k-btn-block"
          disabled={busy}
          data-testid="bank-save"
        >
          {busy && <span className="k-spinner is-small" aria-hidden="true" />}
          {t(card ? 'bank.save' : 'bank.add')}
        </button>
      </div>
    </form>
  );
}
