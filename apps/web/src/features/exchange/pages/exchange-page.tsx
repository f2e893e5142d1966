import '../../../components/money.css';
import '../exchange.css';
import type { Currency } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { type FormEvent, useEffect, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { isoCode, positiveUnits, unitsToInput } from '../../../lib/currency.ts';
import { required } from '../../../lib/form-checks.ts';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg, translateMsg } from '../../../lib/messages.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { WALLETS, walletBalance } from '../../../lib/wallets.ts';
import { useExchange } from '../api/use-exchange.ts';
import { type FxQuote, useFxQuote } from '../api/use-fx-quote.ts';
import { formatRate, invertRate } from '../rate.ts';

const DEBOUNCE_MS = 350;

/** `/mine/exchange`: from and to among the nine wallets, amount, live rate and result, confirm. */
export function ExchangePage() {
  const { t } = useTranslator('money');
  const user = useUserInfo({ fresh: true });
  const [from, setFrom] = useState<Currency>('jpy');
  const [to, setTo] = useState<Currency>('usd');
  const [money, setMoney] = useState('');
  const amount = useDebounced(positiveUnits(money) !== null ? money.replace(/\.$/, '') : null, DEBOUNCE_MS);
  const rate = useFxQuote(from, to, null);
  const quote = useFxQuote(from, to, amount, true);
  const exchange = useExchange();
  const [refusal, setRefusal] = useState('');
  const u = user.data;
  const fromBalance = walletBalance(u, from);
  const toBalance = walletBalance(u, to);
  const samePair = (x?: FxQuote) => (x && x.from === from && x.to === to ? x : undefined);
  const forAmount = samePair(quote.data);
  // What the amount on screen would bring (never a stale figure for another amount, or after a refusal).
  const preview =
    amount &&
    !quote.isError &&
    forAmount?.amount !== undefined &&
    toUnits(forAmount.amount) === toUnits(amount)
      ? forAmount
      : undefined;
  const q = preview ?? samePair(rate.data);

  // The preview call is silent: say why an amount cannot be exchanged (too small, minor unit…).
  useEffect(() => {
    const e = quote.error as { code?: string; params?: Record<string, string> } | null;
    if (!e?.code || !amount) return setRefusal('');
    let live = true;
    void translateMsg(e.code, e.params).then((text) => live && setRefusal(text));
    return () => {
      live = false;
    };
  }, [quote.error, amount]);

  const pickFrom = (c: Currency) => {
    if (c === to) setTo(from);
    setFrom(c);
    setMoney('');
  };
  const pickTo = (c: Currency) => {
    if (c === from) setFrom(to);
    setTo(c);
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setMoney('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (exchange.isPending) return;
    const units = positiveUnits(money);
    const problem =
      (from === to ? { msg: 'exchange.sameCurrency' } : null) ??
      required(money, 'money') ??
      (units === null ? { msg: 'validation.amount' } : null) ??
      (units !== null && units > (toUnits(fromBalance) ?? 0n)
        ? { msg: 'money.insufficientAvailable' }
        : null);
    if (problem) return showMsg(problem.msg, problem.params);
    const value = money.replace(/\.$/, '');
    Dialog.confirm({
      title: t('exchange.confirmTitle'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={t('exchange.pay')} className="k-num">
            {formatMoney(value, from)}
          </Figure>
          <Figure label={t('exchange.receive')} className="k-num">
            {preview?.converted ? `≈ ${formatMoney(preview.converted, to)}` : '--'}
          </Figure>
          {q && (
            <Figure label={t('exchange.rate')} className="k-num">
              1 {isoCode(from)} = {formatRate(q.rate)} {isoCode(to)}
            </Figure>
          )}
        </dl>
      ),
      confirmText: t('exchange.submit'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await exchange.mutateAsync({ amount: value, from, to });
          showMsg(code ?? 'ok.exchanged');
          setMoney('');
        } catch {
          // refusal already shown
        }
      },
    });
  };

  return (
    <>
      <PageHeader title={t('exchange.title')} back="/mine/myPage" />
      {user.isPending ? (
        <ListSkeleton rows={4} lines={3} />
      ) : user.isError || !u ? (
        <ErrorState onRetry={() => void user.refetch()} />
      ) : (
        <Refreshable onRefresh={() => Promise.all([user.refetch(), rate.refetch(), quote.refetch()])}>
          <form className="k-money-form" onSubmit={submit} noValidate data-testid="exchange-form">
            <section className="k-card k-card-pad k-fx-side">
              <div className="k-row-between">
                <span className="k-label">{t('exchange.from')}</span>
                <CurrencySelect
                  value={from}
                  options={WALLETS}
                  onChange={pickFrom}
                  label={t('exchange.from')}
                  testid="exchange-from"
                />
              </div>
              <AmountField
                label={t('exchange.amount')}
                currency={from}
                value={money}
                onChange={setMoney}
                onAll={() => setMoney(unitsToInput(toUnits(fromBalance) ?? 0n, from))}
              />
              <p className="k-fx-balance">
                {t('exchange.balance')}
                <b data-testid="exchange-from-balance" data-value={fromBalance}>
                  {formatMoney(fromBalance, from)}
                </b>
              </p>
            </section>

            <div className="k-fx-swap-row">
              <button
                type="button"
                className="k-fx-swap"
                onClick={swap}
                aria-label={t('exchange.swap')}
                data-testid="exchange-swap"
              >
                <MoneyIcon name="swap" size={20} />
              </button>
            </div>

            <section className="k-card k-card-pad k-fx-side">
              <div className="k-row-between">
                <span className="k-label">{t('exchange.to')}</span>
                <CurrencySelect
                  value={to}
                  options={WALLETS}
                  onChange={pickTo}
                  label={t('exchange.to')}
                  testid="exchange-to"
                />
              </div>
              <div className="k-fx-result" aria-live="polite">
                <span className="k-label">{t('exchange.receive')}</span>
                <strong data-testid="exchange-converted" data-value={preview?.converted ?? ''}>
                  {preview?.converted ? formatMoney(preview.converted, to) : '--'}
                </strong>
              </div>
              <p className="k-fx-balance">
                {t('exchange.balance')}
                <b data-testid="exchange-to-balance" data-value={toBalance}>
                  {formatMoney(toBalance, to)}
                </b>
              </p>
            </section>

            <section className="k-card k-card-pad k-fx-rate" data-testid="exchange-rate">
              {q ? (
                <>
                  <div className="k-fx-rate-main">
                    <span className="k-live-dot" aria-hidden="true" />
                    <b className="k-num">
                      1 {isoCode(from)} = {formatRate(q.rate)} {isoCode(to)}
                    </b>
                  </div>
                  <div className="k-fx-rate-sub">
                    <span className="k-num">
                      1 {isoCode(to)} ≈ {invertRate(q.rate)} {isoCode(from)}
                    </span>
                    <span>{t('exchange.spread', { spread: q.spread })}</span>
                  </div>
                </>
              ) : rate.isError ? (
                <span className="k-hint">{t('exchange.rateError')}</span>
              ) : (
                <span className="k-hint">{t('exchange.rateLoading')}</span>
              )}
              {refusal && (
                <p className="k-fx-refusal" role="alert">
                  <Icon name="alert" size={14} />
                  {refusal}
                </p>
              )}
            </section>

            <div className="k-form-actions">
              <button
                type="submit"
                className="k-btn k-btn-primary k-btn-block"
                disabled={exchange.isPending}
                data-testid="exchange-submit"
              >
                {exchange.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
                {t('exchange.submit')}
              </button>
              <p className="k-hint k-center">{t('exchange.note')}</p>
            </div>
          </form>
        </Refreshable>
      )}
    </>
  );
}
