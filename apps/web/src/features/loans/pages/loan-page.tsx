import '../../../components/money.css';
import '../loans.css';
import type { Currency } from '@kabuto/domain';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MoneyIcon } from '../../../components/money-icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { useUserInfo } from '../../../lib/api/use-user-info.ts';
import { positiveUnits } from '../../../lib/currency.ts';
import { toUnits } from '../../../lib/format.ts';
import { storedMarket } from '../../../lib/storage.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { walletBalance } from '../../../lib/wallets.ts';
import { useLoanInfo } from '../api/use-loan-info.ts';
import { useLoans } from '../api/use-loans.ts';
import { ApplyCard } from '../components/apply-card.tsx';
import { LimitRule, LoanGate } from '../components/limit-rule.tsx';
import { LoanHero } from '../components/loan-hero.tsx';
import { RepayCard } from '../components/repay-card.tsx';

/**
 * `/mine/loan` ("AI super trade"): credit score, limit, borrowed and available amounts, the annual rate and
 * the interest of an amount before applying; apply; repay what is owed (principal + interest).
 */
export function LoanPage() {
  const { t } = useTranslator('money');
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
            <LoanGate info={d} type={type} />
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
            <LimitRule info={d} type={type} />
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
