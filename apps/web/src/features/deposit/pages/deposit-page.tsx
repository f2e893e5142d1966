import '../../../components/money.css';
import '../deposit.css';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useSubmitDeposit } from '../api/use-submit-deposit.ts';
import { CopyRow } from '../components/copy-row.tsx';
import { Steps } from '../components/steps.tsx';
import { getDepositDraft, setDepositDraft } from '../deposit-draft.ts';

/**
 * `/mine/deposit`: where to transfer the amount (account name, number, bank, branch, each copyable), the
 * transfer proof, submit. Opened from `/mine/stored`; without a prepared deposit it goes back there.
 */
export function DepositPage() {
  const draft = getDepositDraft();
  if (!draft) return <Navigate to="/mine/stored" replace />;
  return <DepositTransfer key={`${draft.type}-${draft.channel.id}-${draft.amount}`} />;
}

function DepositTransfer() {
  const { t } = useTranslator('money');
  const navigate = useNavigate();
  const draft = getDepositDraft()!;
  const { channel, type, amount: money } = draft;
  const [proof, setProof] = useState<string | null>(null);
  const submit = useSubmitDeposit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    if (!proof) return showMsg('deposit.proofRequired');
    submit.mutate(
      { amount: money, type, proof: proof!, channel: channel.id, channelPassword: draft.channelPassword },
      {
        onSuccess: ({ code }) => {
          setDepositDraft(null);
          showMsgAcrossNavigation(code ?? 'ok.depositSubmitted');
          navigate('/mine/transactionRecords?tab=deposit', { replace: true });
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('deposit.transferTitle')} back="/mine/stored" />
      <form className="k-money-form" onSubmit={onSubmit} noValidate data-testid="deposit-transfer">
        <Steps current={1} />
        <section className="k-card k-transfer-amount">
          <span>{t('deposit.transferAmount')}</span>
          <strong data-testid="deposit-amount">{formatMoney(money, type)}</strong>
          <small>{t('deposit.transferExact')}</small>
        </section>

        <section className="k-card">
          <div className="k-section-head">
            <h2>{t('deposit.transferTo')}</h2>
            <span className={`k-chip ${channel.open ? 'is-ok' : 'is-muted'}`}>{channel.name}</span>
          </div>
          <div className="k-copy-list">
            <CopyRow
              label={t('deposit.accountName')}
              value={channel.account_name}
              testid="channel-account-name"
            />
            <CopyRow
              label={t('deposit.accountNumber')}
              value={channel.account_number}
              testid="channel-account-number"
            />
            <CopyRow label={t('deposit.bank')} value={channel.bank} testid="channel-bank" />
            <CopyRow label={t('deposit.branch')} value={channel.branch} testid="channel-branch" />
          </div>
        </section>

        <ul className="k-notes">
          <li>
            <Icon name="user" size={16} />
            {t('deposit.ownName')}
          </li>
          <li>
            <MoneyIcon name="clock" size={16} />
            {channel.quick
              ? t('deposit.windowEveryDay', { from: channel.open_from, to: channel.open_to })
              : t('deposit.windowBusinessDays', { from: channel.open_from, to: channel.open_to })}
            {' · '}
            {t('deposit.arrival')}
          </li>
        </ul>

        <section className="k-card k-card-pad">
          <h2 className="k-card-title">{t('deposit.proof')}</h2>
          <p className="k-hint k-photos-hint">{t('deposit.proofHint')}</p>
          <ImagePicker
            label={t('deposit.proofLabel')}
            value={proof}
            onChange={setProof}
            testid="deposit-proof"
            icon="records"
            wide
          />
        </section>

        <div className="k-form-actions">
          <button
            type="submit"
            className="k-btn k-btn-primary k-btn-block"
            disabled={submit.isPending}
            data-testid="deposit-submit"
          >
            {submit.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
            {t('deposit.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
