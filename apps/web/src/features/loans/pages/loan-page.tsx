import '../../../components/money.css';
import '../loans.css';
import type { Currency } from '@kabuto/domain';
import { Dialog } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/amount-field.tsx';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { usePublicConfig } from '../../../lib/api/use-public-config.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { positiveUnits, unitsToInput } from '../../../lib/currency.ts';
import { required } from '../../../lib/form-checks.ts';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { compactMoney } from '../../../lib/money-text.ts';
import { getStartupConfig } from '../../../lib/startup-config.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { WALLETS, walletBalance } from '../../../lib/wallets.ts';
import { useBorrow } from '../api/use-borrow.ts';
import { type LoanInfo, useLoanInfo } from '../api/use-loan-info.ts';
import { useLoans } from '../api/use-loans.ts';
import { useRepay } from '../api/use-repay.ts';

/** The credit score ring shows a 0–100 scale. */
const SCORE_SCALE = 100;

/**
 * `/mine/loan` ("AI super trade"): credit score, limit, borrowed and available amounts, the annual rate and
 * the interest of an amount before applying; apply; repay what is owed (principal + interest).
 */
export function LoanPage() {
  const { t } = useTranslation('money');
  const [type, setType] = useState<Currency>(storedMarket());
  const [money, setMoney] = useState('');
  const amount = useDebounced(positiveUnits(money) !== null ? money.replace(/\.$/, '') : null, 350);
  const info = useLoanInfo(type, amount);
  const loans = useLoans(type);
  const user = useUserInfo({ fresh: true });
  const d = info.data && info.data.type === type ? info.data : undefined;

  return (
    <>
      <PageHeader
        title={t('loan.title')}
        back="/mine/myPage"
        action={{ icon: 'order', to: '/mine/loanOrder', label: t('loan.history') }}
      />
      {info.isPending && !d ? (
        <ListSkeleton rows={4} lines={3} />
      ) : !d ? (
        <ErrorState onRetry={() => void info.refetch()} />
      ) : (
        <Refreshable onRefresh={() => Promise.all([info.refetch(), loans.refetch(), user.refetch()])}>
          <div className="k-band">
            <LoanHero
              info={d}
              type={type}
              onType={(c) => {
                setType(c);
                setMoney('');
              }}
            />
          </div>
          <div className="k-body k-loan-body">
            <ApplyCard
              info={d}
              type={type}
              money={money}
              setMoney={setMoney}
              preview={amount !== null && d.dailyInterest !== undefined ? d : undefined}
            />
            {(toUnits(d.borrowed) ?? 0n) > 0n && (
              <RepayCard
                info={d}
                type={type}
                interest={(loans.data ?? [])
                  .filter((l) => l.status === 1)
                  .reduce((sum, l) => sum + (toUnits(l.interest) ?? 0n), 0n)}
                balance={walletBalance(user.data, type)}
              />
            )}
            <ul className="k-notes">
              <li>
                <Icon name="info" size={16} />
                {t('loan.note1', { rate: d.rate })}
              </li>
              <li>
                <MoneyIcon name="clock" size={16} />
                {t('loan.note2')}
              </li>
            </ul>
          </div>
        </Refreshable>
      )}
    </>
  );
}

function LoanHero({ info, type, onType }: { info: LoanInfo; type: Currency; onType: (c: Currency) => void }) {
  const { t } = useTranslation('money');
  const score = Math.max(0, Math.min(SCORE_SCALE, info.creditScore));
  const r = 34;
  const circumference = 2 * Math.PI * r;
  return (
    <section className="k-hero k-loan-hero" aria-label={t('loan.summary')}>
      <div className="k-loan-top">
        <div className="k-score" data-testid="loan-score" data-value={info.creditScore}>
          <svg width="84" height="84" viewBox="0 0 84 84" aria-hidden="true">
            <circle cx="42" cy="42" r={r} className="k-score-track" />
            <circle
              cx="42"
              cy="42"
              r={r}
              className="k-score-bar"
              strokeDasharray={`${(score / SCORE_SCALE) * circumference} ${circumference}`}
              transform="rotate(-90 42 42)"
            />
          </svg>
          <span className="k-score-text">
            <b>{info.creditScore}</b>
            <small>{t('loan.score')}</small>
          </span>
        </div>
        <div className="k-loan-avail">
          <span className="k-hero-label">{t('loan.available')}</span>
          <strong data-testid="loan-available" data-value={info.available}>
            {formatMoney(info.available, type)}
          </strong>
          <CurrencySelect
            value={type}
            options={WALLETS}
            onChange={onType}
            label={t('loan.wallet')}
            testid="loan-currency"
            compact
          />
        </div>
      </div>
      <dl className="k-hero-grid is-three">
        <div>
          <dt>{t('loan.limit')}</dt>
          <dd>{compactMoney(info.limit, type)}</dd>
        </div>
        <div>
          <dt>{t('loan.borrowed')}</dt>
          <dd data-testid="loan-borrowed" data-value={info.borrowed}>
            {compactMoney(info.borrowed, type)}
          </dd>
        </div>
        <div>
          <dt>{t('loan.rate')}</dt>
          <dd data-testid="loan-rate">{t('loan.ratePerYear', { rate: info.rate })}</dd>
        </div>
      </dl>
    </section>
  );
}

function ApplyCard({
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
  const { t } = useTranslation('money');
  const borrow = useBorrow();
  const { data: config } = usePublicConfig();
  const available = toUnits(info.available) ?? 0n;
  // Spec §8: an unpaid loan must be repaid first (when the operators' setting says so).
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
          <div>
            <dt>{t('loan.amount')}</dt>
            <dd className="k-num">{formatMoney(value, type)}</dd>
          </div>
          <div>
            <dt>{t('loan.rate')}</dt>
            <dd>{t('loan.ratePerYear', { rate: info.rate })}</dd>
          </div>
          {preview?.interest30d && (
            <div>
              <dt>{t('loan.interest30')}</dt>
              <dd className="k-num">{formatMoney(preview.interest30d, type)}</dd>
            </div>
          )}
        </dl>
      ),
      confirmText: t('loan.apply'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { msg } = await borrow.mutateAsync({ type, amount: value });
          showMsg(msg ?? 'ok.submitted');
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
        <div>
          <dt>{t('loan.rate')}</dt>
          <dd>{t('loan.ratePerYear', { rate: info.rate })}</dd>
        </div>
        <div>
          <dt>{t('loan.interestDaily')}</dt>
          <dd className="k-num" data-testid="loan-interest-daily">
            {preview?.dailyInterest ? formatMoney(preview.dailyInterest, type) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('loan.interest30')}</dt>
          <dd className="k-num">{preview?.interest30d ? formatMoney(preview.interest30d, type) : '--'}</dd>
        </div>
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

function RepayCard({
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
  const { t } = useTranslation('money');
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
          <div>
            <dt>{t('loan.principal')}</dt>
            <dd className="k-num">{formatMoney(info.borrowed, type)}</dd>
          </div>
          <div>
            <dt>{t('loan.interest')}</dt>
            <dd className="k-num">{formatMoney(unitsToInput(interest, type), type)}</dd>
          </div>
          <div>
            <dt>{t('loan.total')}</dt>
            <dd className="k-num">{formatMoney(dueText, type)}</dd>
          </div>
        </dl>
      ),
      confirmText: t('loan.repay'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { msg } = await repay.mutateAsync({ type, amount: dueText });
          showMsg(msg ?? 'ok.repaid');
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
        <div>
          <dt>{t('loan.principal')}</dt>
          <dd className="k-num">{formatMoney(info.borrowed, type)}</dd>
        </div>
        <div>
          <dt>{t('loan.interestAccrued')}</dt>
          <dd className="k-num">{formatMoney(unitsToInput(interest, type), type)}</dd>
        </div>
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
