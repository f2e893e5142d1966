import '../../../components/money.css';
import '../deposit.css';
import type { Currency } from '@kabuto/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AmountField } from '../../../components/amount-field.tsx';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { GateBanner } from '../../../components/gate-banner.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDeposits } from '../../../lib/api/use-deposits.ts';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { positiveUnits, unitsToInput } from '../../../lib/currency.ts';
import { checkRange, required } from '../../../lib/form-checks.ts';
import { toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { compactMoney } from '../../../lib/money-text.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { WALLETS } from '../../../lib/wallets.ts';
import { useChannels } from '../api/use-channels.ts';
import { CHANNEL_PASSWORD_FIELD, useDepositCheck } from '../api/use-deposit-check.ts';
import { ChannelOption } from '../components/channel-option.tsx';
import { Steps } from '../components/steps.tsx';
import { getDepositDraft, setDepositDraft } from '../deposit-draft.ts';

/** Suggested amounts per wallet (shown when within the channel's limits). */
const QUICK: Partial<Record<Currency, readonly string[]>> = {
  jpy: ['10000', '50000', '100000', '300000'],
  usd: ['100', '500', '1000', '5000'],
  cny: ['1000', '5000', '10000', '50000'],
  krw: ['100000', '500000', '1000000', '5000000'],
};

/** `/mine/stored`: amount, wallet, channel and channel password; pre-checked, then `/mine/deposit`. */
export function DepositTransferPage() {
  const { t } = useTranslator('money');
  const navigate = useNavigate();
  const draft = getDepositDraft();
  const [type, setType] = useState<Currency>(draft?.type ?? storedMarket());
  const [money, setMoney] = useState(draft?.amount ?? '');
  const [channelId, setChannelId] = useState<string | null>(draft?.channel.id ?? null);
  const [channelPassword, setChannelPassword] = useState('');
  const channels = useChannels(type);
  const deposits = useDeposits();
  const user = useUserInfo({ fresh: true });
  const check = useDepositCheck();
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === channelId) ?? null;
  const pending = deposits.data?.find((d) => d.status === 0);

  // The first open channel is chosen for the user (a closed one stays choosable, the server explains).
  useEffect(() => {
    if (!list.length || list.some((c) => c.id === channelId)) return;
    setChannelId((list.find((c) => c.open) ?? list[0]).id);
  }, [list, channelId]);

  const limits = list[0] ? { min: list[0].min, max: list[0].max } : null;
  const quick = (QUICK[type] ?? []).filter((q) => {
    const u = toUnits(q) ?? 0n;
    return !limits || (u >= (toUnits(limits.min) ?? 0n) && u <= (toUnits(limits.max) ?? u));
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check.isPending || !channel) return;
    const units = positiveUnits(money);
    const problem =
      required(money, 'money') ??
      checkRange(
        units,
        toUnits(channel.min),
        toUnits(channel.max),
        { below: 'deposit.belowMinimum', above: 'deposit.aboveMaximum' },
        (u) => compactMoney(unitsToInput(u, type), type),
      ) ??
      (channel.needs_password ? required(channelPassword, CHANNEL_PASSWORD_FIELD) : null);
    if (problem) return showMsg(problem.msg, problem.params);
    check.mutate(
      {
        amount: money,
        type,
        channelPassword: channel.needs_password ? channelPassword : undefined,
        channel: channel.id,
      },
      {
        onSuccess: () => {
          setDepositDraft({
            amount: money,
            type,
            channel,
            channelPassword: channel.needs_password ? channelPassword : undefined,
          });
          navigate('/mine/deposit');
        },
      },
    );
  };

  const changeType = (c: Currency) => {
    setType(c);
    setMoney('');
    setChannelId(null);
  };

  return (
    <>
      <PageHeader title={t('deposit.title')} back="/mine/myPage" />
      <Refreshable onRefresh={() => Promise.all([channels.refetch(), deposits.refetch(), user.refetch()])}>
        <form className="k-money-form" onSubmit={submit} noValidate data-testid="deposit-form">
          <Steps current={0} />
          <GateBanner
            title={t('gate.channelTitle')}
            to="/mine/support"
            action={t('gate.supportLink')}
            testid="deposit-gate"
          >
            {t('gate.channelBody')}
          </GateBanner>
          {user.data && user.data.verification !== 1 && (
            <p className="k-note is-bad">
              <Icon name="idcard" size={16} />
              <span>
                {t('deposit.verifyFirst')} <Link to="/mine/verified">{t('deposit.verifyLink')}</Link>
              </span>
            </p>
          )}
          {pending && (
            <p className="k-note" data-testid="deposit-pending">
              <MoneyIcon name="clock" size={16} />
              <span>
                {t('deposit.pendingNote', { amount: compactMoney(pending.amount, pending.type) })}{' '}
                <Link to="/mine/transactionRecords?tab=deposit">{t('deposit.seeHistory')}</Link>
              </span>
            </p>
          )}
          <section className="k-card k-card-pad">
            <div className="k-row-between">
              <span className="k-label">{t('deposit.currency')}</span>
              <CurrencySelect
                value={type}
                options={WALLETS}
                onChange={changeType}
                label={t('deposit.currency')}
                testid="deposit-currency"
              />
            </div>
            <AmountField
              label={t('deposit.amount')}
              currency={type}
              value={money}
              onChange={setMoney}
              hint={
                limits
                  ? t('deposit.limits', {
                      min: compactMoney(limits.min, type),
                      max: compactMoney(limits.max, type),
                    })
                  : undefined
              }
            />
            {quick.length > 0 && (
              <fieldset className="k-quick" aria-label={t('deposit.quick')}>
                {quick.map((q) => (
                  <button
                    key={q}
                    type="button"
                    className={`k-quick-btn${q === money ? ' is-active' : ''}`}
                    onClick={() => setMoney(q)}
                  >
                    {compactMoney(q, type)}
                  </button>
                ))}
              </fieldset>
            )}
          </section>

          <section className="k-card k-card-pad">
            <h2 className="k-card-title">{t('deposit.channel')}</h2>
            {channels.isPending ? (
              <ListSkeleton rows={2} />
            ) : channels.isError ? (
              <ErrorState onRetry={() => void channels.refetch()} />
            ) : list.length === 0 ? (
              <Empty text={t('deposit.noChannel')} />
            ) : (
              <ul className="k-radio-list" aria-label={t('deposit.channel')}>
                {list.map((c) => (
                  <ChannelOption
                    key={c.id}
                    channel={c}
                    selected={c.id === channelId}
                    onSelect={setChannelId}
                  />
                ))}
              </ul>
            )}
          </section>

          {channel?.needs_password !== false && (
            <section className="k-card">
              <div className="k-form">
                <TextField
                  label={t('deposit.channelPassword')}
                  icon="lock"
                  name={CHANNEL_PASSWORD_FIELD}
                  value={channelPassword}
                  onChange={setChannelPassword}
                  placeholder={t('deposit.channelPasswordPlaceholder')}
                  hint={t('deposit.channelPasswordHint')}
                  autoComplete="off"
                  secret
                  maxLength={64}
                />
              </div>
            </section>
          )}

          <div className="k-form-actions">
            <button
              type="submit"
              className="k-btn k-btn-primary k-btn-block"
              disabled={check.isPending || !channel}
              data-testid="deposit-next"
            >
              {check.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
              {t('deposit.next')}
            </button>
            <p className="k-hint k-center">{t('deposit.arrival')}</p>
          </div>
        </form>
      </Refreshable>
    </>
  );
}
