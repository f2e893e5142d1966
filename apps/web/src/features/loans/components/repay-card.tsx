import type { Currency } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { Figure } from '../../../components/figure.tsx';
import { unitsToInput } from '../../../lib/currency.ts';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { LoanInfo } from '../api/use-loan-info.ts';
import { useRepay } from '../api/use-repay.ts';

export function RepayCard({
  info,
  type,
  interest,
  balance,
}: {
  info: LoanInfo;
  type: Currency;
  interest: bigint;
  balance: string;
}) {
  const { t } = useTranslator('money');
  const repay = useRepay();
  const principal = toUnits(info.borrowed) ?? 0n;
  const due = principal + interest;
  const dueText = unitsToInput(due, type);

  const submit = () => {
    if (repay.isPending) return;
    if (due > (toUnits(balance) ?? 0n)) return showMsg('money.insufficientAvailable');
    Dialog.confirm({
      title: t('loan.repayTitle'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={t('loan.principal')} className="k-num">
            {formatMoney(info.borrowed, type)}
          </Figure>
          <Figure label={t('loan.interest')} className="k-num">
            {formatMoney(unitsToInput(interest, type), type)}
          </Figure>
          <Figure label={t('loan.total')} className="k-num">
            {formatMoney(dueText, type)}
          </Figure>
        </dl>
      ),
      confirmText: t('loan.repay'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await repay.mutateAsync({ type, amount: dueText });
          showMsg(code ?? 'ok.repaid');
        } catch {
          // refusal already shown (e.g. loan.repayDue with the exact amount when interest grew)
        }
      },
    });
  };

  return (
    <section className="k-card k-card-pad" data-testid="loan-repay">
      <h2 className="k-card-title">{t('loan.repayTitle')}</h2>
      <dl className="k-interest">
        <Figure label={t('loan.principal')} className="k-num">
          {formatMoney(info.borrowed, type)}
        </Figure>
        <Figure label={t('loan.interestAccrued')} className="k-num">
          {formatMoney(unitsToInput(interest, type), type)}
        </Figure>
        <div className="is-total">
          <dt>{t('loan.total')}</dt>
          <dd className="k-num" data-testid="loan-due">
            {formatMoney(dueText, type)}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="k-btn k-btn-ghost k-btn-block"
        onClick={submit}
        disabled={repay.isPending}
        data-testid="loan-repay-submit"
      >
        {repay.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
        {t('loan.repayAll')}
      </button>
    </section>
  );
}
