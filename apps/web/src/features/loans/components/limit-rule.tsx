import type { Currency } from '@kabuto/domain';
import { Link } from 'react-router';
import { GateBanner } from '../../../components/gate-banner.tsx';
import { compactMoney } from '../../../lib/money-text.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import type { LoanInfo } from '../api/use-loan-info.ts';

/** The tier a score reaches and the next one (the rule is the server's; this only reads its tiers). */
function tiersAround(tiers: LoanInfo['tiers'], score: number) {
  let reached: LoanInfo['tiers'][number] | undefined;
  let next: LoanInfo['tiers'][number] | undefined;
  for (const t of tiers) {
    if (t.score <= score && (!reached || t.score > reached.score)) reached = t;
    if (t.score > score && (!next || t.score < next.score)) next = t;
  }
  return { reached, next };
}

/** Before the form when there is no limit: why, and what unlocks one. */
export function LoanGate({ info, type }: { info: LoanInfo; type: Currency }) {
  const { t } = useTranslator('money');
  if (info.limitSource !== 'none') return null;
  if (!info.verified)
    return (
      <GateBanner
        title={t('gate.loanNoneTitle')}
        to="/mine/verified"
        action={t('gate.kycLink')}
        testid="loan-gate"
      >
        {t('gate.loanKycBody')}
      </GateBanner>
    );
  const { next } = tiersAround(info.tiers, info.creditScore);
  return (
    <GateBanner
      title={t('gate.loanNoneTitle')}
      to="/mine/support"
      action={t('gate.supportLink')}
      testid="loan-gate"
    >
      {next
        ? t('gate.loanNoneBody', {
            score: info.creditScore,
            next: next.score,
            limit: compactMoney(next.limit, type),
          })
        : t('gate.loanNoneTop')}
    </GateBanner>
  );
}

/** The written rule: the tiers by credit score, the user's place in them, and how to raise the limit. */
export function LimitRule({ info, type }: { info: LoanInfo; type: Currency }) {
  const { t } = useTranslator('money');
  const { reached, next } = tiersAround(info.tiers, info.creditScore);
  return (
    <section className="k-card k-card-pad k-limit-rule" data-testid="loan-rule">
      <h2 className="k-card-title">{t('gate.ruleTitle')}</h2>
      <p className="k-hint">{t('gate.ruleLead')}</p>
      <ol className="k-limit-tiers">
        {info.tiers.map((tier) => {
          const mine = info.limitSource === 'rule' && tier === reached;
          return (
            <li key={tier.score} className={mine ? 'is-mine' : ''} aria-current={mine ? 'true' : undefined}>
              <span>{t('gate.ruleScore', { score: tier.score })}</span>
              <b>{compactMoney(tier.limit, type)}</b>
              {mine && <small>{t('gate.ruleYours')}</small>}
            </li>
          );
        })}
      </ol>
      <p className="k-hint">
        {info.limitSource === 'operator'
          ? t('gate.ruleOperator')
          : next
            ? t('gate.ruleRaise', { next: next.score, limit: compactMoney(next.limit, type) })
            : t('gate.ruleRaiseTop')}{' '}
        <Link className="k-limit-support" to="/mine/support">
          {t('gate.supportLink')}
        </Link>
      </p>
    </section>
  );
}
