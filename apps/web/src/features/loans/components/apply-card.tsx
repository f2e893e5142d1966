import type { Currency } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import type { FormEvent } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { usePublicConfig } from '../../../lib/api/use-public-config.ts';
import { positiveUnits, unitsToInput } from '../../../lib/currency.ts';
import { required } from '../../../lib/form-checks.ts';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { compactMoney } from '../../../lib/money-text.ts';
import { getStartupConfig } from '../../../lib/startup-config.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useBorrow } from '../api/use-borrow.ts';
import type { LoanInfo } from '../api/use-loan-info.ts';

export function ApplyCard({
  info,
  type,
  money,
  setMoney,
  preview,
}: {
  info: LoanInfo;
  type: Currency;
  money: string;
  setMoney: (v: string) => void;
  preview?: LoanInfo;
}) {
  const { t } = useTranslator('money');
  const borrow = useBorrow();
  const { data: config } = usePublicConfig();
  const available = toUnits(info.available) ?? 0n;
  // An unpaid loan must be repaid first (when the operators' setting says so).
  const unpaidBlocks = info.unpaid && (config ?? getStartupConfig())?.loan_block_unpaid !== 'false';
  const blocked = info.pending || unpaidBlocks;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (borrow.isPending) return;
    const units = positiveUnits(money);
    const problem =
      (info.pending ? { msg: 'loan.pending' } : null) ??
      (unpaidBlocks ? { msg: 'loan.unpaid' } : null) ??
      required(money, 'money') ??
      (units === null ? { msg: 'validation.amount' } : null) ??
      (units !== null && units > available ? { msg: 'loan.insufficientQuota' } : null);
    if (problem) return showMsg(problem.msg, problem.params);
    const value = money.replace(/\.$/, '');
    Dialog.confirm({
      title: t('loan.confirmTitle'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={t('loan.amount')} className="k-num">
            {formatMoney(value, type)}
          </Figure>
          <Figure label={t('loan.rate')}>{t('loan.ratePerYear', { rate: info.rate })}</Figure>
          {preview?.interest30d && (
            <Figure label={t('loan.interest30')} className="k-num">
              {formatMoney(preview.interest30d, type)}
            </Figure>
          )}
        </dl>
      ),
      confirmText: t('loan.apply'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await borrow.mutateAsync({ type, amount: value });
          showMsg(code ?? 'ok.submitted');
          setMoney('');
        } catch {
          // refusal already shown
        }
      },
    });
  };

  return (
    <form className="k-card k-card-pad" onSubmit={submit} noValidate data-testid="loan-apply">
      <h2 className="k-card-title">{t('loan.applyTitle')}</h2>
      {info.pending && (
        <p className="k-note is-inline" data-testid="loan-pending">
          <MoneyIcon name="clock" size={16} />
          {t('loan.pendingNote')}
        </p>
      )}
      {unpaidBlocks && !info.pending && (
        <p className="k-note is-inline" data-testid="loan-unpaid">
          <Icon name="info" size={16} />
          {t('loan.unpaidNote')}
        </p>
      )}
      <AmountField
        label={t('loan.amount')}
        currency={type}
        value={money}
        onChange={setMoney}
        onAll={available > 0n ? () => setMoney(unitsToInput(available, type)) : undefined}
        hint={t('loan.upTo', { max: compactMoney(info.available, type) })}
      />
      <dl className="k-interest" aria-live="polite">
        <Figure label={t('loan.rate')}>{t('loan.ratePerYear', { rate: info.rate })}</Figure>
        <Figure label={t('loan.interestDaily')} className="k-num" testid="loan-interest-daily">
          {preview?.dailyInterest ? formatMoney(preview.dailyInterest, type) : '--'}
        </Figure>
        <Figure label={t('loan.interest30')} className="k-num">
          {preview?.interest30d ? formatMoney(preview.interest30d, type) : '--'}
        </Figure>
      </dl>
      <button
        type="submit"
        className="k-btn k-btn-primary k-btn-block"
        disabled={borrow.isPending || blocked}
        data-testid="loan-submit"
      >
        {borrow.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
        {t('loan.apply')}
      </button>
    </form>
  );
}
