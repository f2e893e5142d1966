import type { Currency } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field.tsx';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { CodeField } from '../../../components/typed-inputs.tsx';
import type { BankCard } from '../../../lib/api/use-cards.ts';
import { usePublicConfig } from '../../../lib/api/use-public-config.ts';
import { maskedNumber } from '../../../lib/bank-card.ts';
import { positiveUnits, unitsToInput } from '../../../lib/currency.ts';
import { checkRange, required } from '../../../lib/form-checks.ts';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg, showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { compactMoney } from '../../../lib/money-text.ts';
import { getStartupConfig } from '../../../lib/startup-config.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { WALLETS } from '../../../lib/wallets.ts';
import { useWithdraw } from '../api/use-withdraw.ts';
import { useWithdrawable } from '../api/use-withdrawable.ts';
import { limitsOf, withdrawWindow } from '../config.ts';

const SIX_DIGITS = /^\d{6}$/;

export function WithdrawForm({
  available,
  hasFundPassword,
  cards,
  gate,
}: {
  available: (c: Currency) => string;
  hasFundPassword: boolean;
  cards: BankCard[];
  /** A rule that refuses any withdrawal now, shown before the form (the form cannot be sent). */
  gate?: ReactNode;
}) {
  const { t } = useTranslator('money');
  const navigate = useNavigate();
  const { data: config } = usePublicConfig();
  const settings = config ?? getStartupConfig();
  const [type, setType] = useState<Currency>(storedMarket());
  const [money, setMoney] = useState('');
  const [bankId, setBankId] = useState<string | null>(cards[0]?.id ?? null);
  const [password, setPassword] = useState('');
  const withdraw = useWithdraw();
  const limits = limitsOf(settings, 'withdraw_limits', type);
  const hours = withdrawWindow(settings);
  // sale proceeds are withdrawable from their settlement date: what the server counts, else the cash
  const settled = useWithdrawable(type);
  const balance = settled.data?.withdrawable ?? available(type);
  const unsettled = settled.data?.unsettled ?? [];

  useEffect(() => {
    if (!cards.some((c) => c.id === bankId)) setBankId(cards[0]?.id ?? null);
  }, [cards, bankId]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withdraw.isPending || gate) return;
    const units = positiveUnits(money);
    const card = cards.find((c) => c.id === bankId);
    const problem =
      required(money, 'money') ??
      checkRange(
        units,
        limits ? toUnits(limits.min) : null,
        limits ? toUnits(limits.max) : null,
        { below: 'withdraw.belowMinimum', above: 'withdraw.aboveMaximum' },
        (u) => compactMoney(unitsToInput(u, type), type),
      ) ??
      (units !== null && units > (toUnits(available(type)) ?? 0n)
        ? { msg: 'money.insufficientAvailable' }
        : null) ??
      (units !== null && units > (toUnits(balance) ?? 0n)
        ? { msg: 'withdraw.aboveWithdrawable', params: { amount: compactMoney(balance, type) } }
        : null) ??
      (card ? null : { msg: 'withdraw.bankRequired' }) ??
      (hasFundPassword ? null : { msg: 'account.fundPasswordNotSet' }) ??
      required(password, 'passwords') ??
      (SIX_DIGITS.test(password) ? null : { msg: 'account.fundPasswordFormat' });
    if (problem || !card) return problem && showMsg(problem.msg, problem.params);
    Dialog.confirm({
      title: t('withdraw.confirmTitle'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={t('withdraw.amount')} className="k-num">
            {formatMoney(money, type)}
          </Figure>
          <Figure label={t('withdraw.to')}>
            {card.bank_name} {maskedNumber(card.bank_num)}
          </Figure>
        </dl>
      ),
      confirmText: t('withdraw.confirm'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await withdraw.mutateAsync({
            amount: money,
            cardId: card.id,
            fundPassword: password,
            type,
          });
          showMsgAcrossNavigation(code ?? 'ok.withdrawSubmitted');
          navigate(`/mine/transactionRecords?tab=withdrawal&type=${type}`, { replace: true });
        } catch {
          setPassword('');
        }
      },
    });
  };

  return (
    <form className="k-money-form" onSubmit={submit} noValidate data-testid="withdraw-form">
      {gate}
      <section className="k-card k-balance-card">
        <div>
          <span className="k-balance-label">{t('withdraw.available')}</span>
          <strong data-testid="withdraw-available" data-value={balance}>
            {formatMoney(balance, type)}
          </strong>
          {unsettled.length > 0 && (
            <ul className="k-withdraw-unsettled" data-testid="withdraw-unsettled">
              {unsettled.map((u) => (
                <li key={u.settleDate} data-date={u.settleDate}>
                  {t('withdraw.unsettled', { amount: formatMoney(u.amount, type), date: u.settleDate })}
                </li>
              ))}
            </ul>
          )}
        </div>
        <CurrencySelect
          value={type}
          options={WALLETS}
          onChange={(c) => {
            setType(c);
            setMoney('');
          }}
          label={t('withdraw.currency')}
          testid="withdraw-currency"
          compact
        />
      </section>

      <section className="k-card k-card-pad">
        <AmountField
          label={t('withdraw.amount')}
          currency={type}
          value={money}
          onChange={setMoney}
          onAll={() => {
            const all = toUnits(balance) ?? 0n;
            const max = limits ? (toUnits(limits.max) ?? all) : all;
            setMoney(unitsToInput(all < max ? all : max, type));
          }}
          hint={
            limits
              ? t('withdraw.limits', {
                  min: compactMoney(limits.min, type),
                  max: compactMoney(limits.max, type),
                })
              : undefined
          }
        />
      </section>

      <section className="k-card k-card-pad">
        <div className="k-row-between">
          <h2 className="k-card-title">{t('withdraw.bank')}</h2>
          <Link className="k-text-link" to="/mine/bankAdd">
            <Icon name="plus" size={14} />
            {t('bank.add')}
          </Link>
        </div>
        {cards.length === 0 ? (
          <p className="k-hint" data-testid="withdraw-no-bank">
            {t('withdraw.noBank')}
          </p>
        ) : (
          <ul className="k-radio-list" aria-label={t('withdraw.bank')}>
            {cards.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`k-radio${c.id === bankId ? ' is-selected' : ''}`}
                  aria-pressed={c.id === bankId}
                  onClick={() => setBankId(c.id)}
                  data-testid="withdraw-bank"
                  data-id={c.id}
                >
                  <span className="k-radio-dot" aria-hidden="true" />
                  <span className="k-radio-text">
                    <b>
                      {c.bank_name} <span className="k-num">{maskedNumber(c.bank_num)}</span>
                    </b>
                    <small>
                      {c.bank_address} · {t(`bank.types.${c.account_type}`)} · {c.realname}
                    </small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="k-card">
        <div className="k-form">
          {hasFundPassword ? (
            <CodeField
              label={t('withdraw.password')}
              icon="key"
              name="passwords"
              length={6}
              value={password}
              onChange={setPassword}
              placeholder={t('withdraw.passwordPlaceholder')}
              autoComplete="off"
              secret
            />
          ) : (
            <p className="k-hint">
              {t('withdraw.noFundPassword')}{' '}
              <Link to="/mine/fundPassword">{t('withdraw.setFundPassword')}</Link>
            </p>
          )}
        </div>
      </section>

      <ul className="k-notes">
        <li>
          <MoneyIcon name="clock" size={16} />
          {hours ? t('withdraw.window', { from: hours.min, to: hours.max }) : t('withdraw.windowUnknown')}
        </li>
        <li>
          <Icon name="info" size={16} />
          {t('withdraw.payout')}
        </li>
        <li>
          <Icon name="bank" size={16} />
          {t('withdraw.ownName')}
        </li>
      </ul>

      <div className="k-form-actions">
        <button
          type="submit"
          className="k-btn k-btn-primary k-btn-block"
          disabled={withdraw.isPending || Boolean(gate)}
          data-testid="withdraw-submit"
        >
          {withdraw.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
          {t('withdraw.submit')}
        </button>
      </div>
    </form>
  );
}
