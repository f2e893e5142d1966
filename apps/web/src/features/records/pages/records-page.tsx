import '../../../components/money.css';
import '../records.css';
import { type Currency, isCurrency } from '@kabuto/domain';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Segmented } from '../../../components/segmented.tsx';
import { storedMarket } from '../../../lib/storage.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { FundsTab } from '../components/funds-tab.tsx';
import { DepositsTab, WithdrawalsTab } from '../components/review-tabs.tsx';

const TABS = ['funds', 'deposit', 'withdrawal'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/** `/mine/transactionRecords` (`?tab=funds|deposit|withdrawal`): fund records, deposits, withdrawals. */
export function RecordsPage() {
  const { t } = useTranslator('money');
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'funds';
  const typeParam = params.get('type') ?? '';
  const wallet: Currency = isCurrency(typeParam) ? typeParam : storedMarket();

  const change = (next: Record<string, string>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) out.set(k, v);
        return out;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('records.title')} back="/mine/myPage" />
      <div className="k-sticky-tabs">
        <Segmented
          value={tab}
          onChange={(v) => change({ tab: v })}
          options={TABS.map((v) => ({ value: v, label: t(`records.tabs.${v}`) }))}
          label={t('records.title')}
          testid="records-tab"
        />
      </div>
      {tab === 'funds' ? (
        <FundsTab />
      ) : tab === 'deposit' ? (
        <DepositsTab />
      ) : (
        <WithdrawalsTab wallet={wallet} onWallet={(c) => change({ type: c })} />
      )}
    </>
  );
}

// ---------------------------------------------------------------- funds

// ---------------------------------------------------------------- deposits and withdrawals
