import '../../../components/money.css';
import '../loans.css';
import type { Currency } from '@kabuto/domain';
import { useState } from 'react';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Empty } from '../../../components/empty.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { WALLETS } from '../../../lib/wallets.ts';
import { useLoans } from '../api/use-loans.ts';

/** `/mine/loanOrder`: loan applications and loans of a wallet with their status, interest and times. */
export function LoanOrderPage() {
  const { t } = useTranslator('money');
  const [type, setType] = useState<Currency>(storedMarket());
  const loans = useLoans(type);
  const rows = loans.data ?? [];

  return (
    <>
      <PageHeader title={t('loan.history')} back="/mine/loan" />
      <div className="k-filters">
        <span className="k-filter-label">{t('loan.wallet')}</span>
        <CurrencySelect
          value={type}
          options={WALLETS}
          onChange={setType}
          label={t('loan.wallet')}
          testid="loan-order-currency"
          compact
        />
      </div>
      {loans.isPending ? (
        <ListSkeleton rows={5} lines={3} />
      ) : loans.isError && !rows.length ? (
        <ErrorState onRetry={() => void loans.refetch()} />
      ) : (
        <Refreshable onRefresh={() => loans.refetch()}>
          {rows.length === 0 ? (
            <Empty text={t('loan.empty')} />
          ) : (
            <ul className="k-rev-list" data-testid="loan-records">
              {rows.map((l) => (
                <li key={l.id} className="k-rev" data-testid="loan-record">
                  <div className="k-rev-head">
                    <span className="k-rev-title">
                      <small>{t('loan.amount')}</small>
                      <b className="k-num">{formatMoney(l.amount, l.type)}</b>
                    </span>
                    <StatusChip kind="loan" status={l.status} />
                  </div>
                  <dl className="k-rev-lines">
                    <Figure label={t('loan.rate')}>{t('loan.ratePerYear', { rate: l.rate })}</Figure>
                    {(l.status === 1 || l.status === 3) && (
                      <Figure
                        label={l.status === 3 ? t('loan.interestPaid') : t('loan.interestAccrued')}
                        className="k-num"
                      >
                        {formatMoney(l.interest, l.type)}
                      </Figure>
                    )}
                    <Figure label={t('records.applied')}>{formatDateTime(l.create_time)}</Figure>
                    {l.check_time && (
                      <Figure label={t('records.decided')}>{formatDateTime(l.check_time)}</Figure>
                    )}
                    {l.repay_time && (
                      <Figure label={t('loan.repaidAt')}>{formatDateTime(l.repay_time)}</Figure>
                    )}
                    <Figure label={t('records.order')} className="k-num">
                      {l.order_number}
                    </Figure>
                  </dl>
                  {l.status === 2 && (
                    <p className="k-rev-reason">
                      <Icon name="alert" size={14} />
                      <span>
                        {t('records.reason')}: {l.reason || t('kyc.noReason')}
                      </span>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Refreshable>
      )}
    </>
  );
}
