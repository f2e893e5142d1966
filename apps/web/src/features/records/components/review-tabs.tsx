import type { Currency } from '@kabuto/domain';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useDeposits } from '../../../lib/api/use-deposits.ts';
import { maskedNumber } from '../../../lib/bank-card.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { WALLETS } from '../../../lib/wallets.ts';
import { useWithdrawals } from '../api/use-withdrawals.ts';
import { Line, ReviewRow } from './review-row.tsx';

export function DepositsTab() {
  const { t } = useTranslator('money');
  const deposits = useDeposits();
  const rows = deposits.data ?? [];
  if (deposits.isPending) return <ListSkeleton rows={5} lines={3} />;
  if (deposits.isError && !rows.length) return <ErrorState onRetry={() => void deposits.refetch()} />;
  return (
    <Refreshable onRefresh={() => deposits.refetch()}>
      {rows.length === 0 ? (
        <Empty text={t('records.noDeposits')} />
      ) : (
        <ul className="k-rev-list" data-testid="deposit-records">
          {rows.map((d) => (
            <ReviewRow
              key={d.id}
              testid="deposit-record"
              title={`${t('kinds.deposit')} · ${d.channel}`}
              amount={formatMoney(d.amount, d.type)}
              chip={<StatusChip kind="deposit" status={d.status} />}
              reason={d.status === 2 ? d.reason || t('kyc.noReason') : undefined}
              lines={[
                <Line key="t" label={t('records.applied')}>
                  {formatDateTime(d.create_time)}
                </Line>,
                d.check_time ? (
                  <Line key="c" label={t('records.decided')}>
                    {formatDateTime(d.check_time)}
                  </Line>
                ) : null,
                <Line key="o" label={t('records.order')}>
                  <span className="k-num">{d.order_number}</span>
                </Line>,
              ]}
            />
          ))}
        </ul>
      )}
    </Refreshable>
  );
}

export function WithdrawalsTab({ wallet, onWallet }: { wallet: Currency; onWallet: (c: Currency) => void }) {
  const { t } = useTranslator('money');
  const withdrawals = useWithdrawals(wallet);
  const rows = withdrawals.data ?? [];
  return (
    <>
      <div className="k-filters">
        <span className="k-filter-label">{t('records.wallet')}</span>
        <CurrencySelect
          value={wallet}
          options={WALLETS}
          onChange={onWallet}
          label={t('records.wallet')}
          testid="records-wallet"
          compact
        />
      </div>
      {withdrawals.isPending ? (
        <ListSkeleton rows={5} lines={3} />
      ) : withdrawals.isError && !rows.length ? (
        <ErrorState onRetry={() => void withdrawals.refetch()} />
      ) : (
        <Refreshable onRefresh={() => withdrawals.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('records.noWithdrawals')} />
          ) : (
            <ul className="k-rev-list" data-testid="withdrawal-records">
              {rows.map((w) => (
                <ReviewRow
                  key={w.id}
                  testid="withdrawal-record"
                  title={`${t('kinds.withdrawal')} · ${w.bank_name} ${maskedNumber(w.bank_num)}`}
                  amount={formatMoney(w.amount, w.type)}
                  chip={<StatusChip kind="withdrawal" status={w.status} />}
                  reason={w.status === 2 ? w.reason || t('kyc.noReason') : undefined}
                  lines={[
                    <Line key="t" label={t('records.applied')}>
                      {formatDateTime(w.create_time)}
                    </Line>,
                    w.check_time ? (
                      <Line key="c" label={t('records.decided')}>
                        {formatDateTime(w.check_time)}
                      </Line>
                    ) : null,
                    <Line key="o" label={t('records.order')}>
                      <span className="k-num">{w.order_number}</span>
                    </Line>,
                  ]}
                />
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
