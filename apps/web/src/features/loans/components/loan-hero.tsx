import type { Currency } from '@kabuto/domain';
import { CurrencySelect } from '../../../components/currency-select.tsx';
import { Figure } from '../../../components/figure.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { compactMoney } from '../../../lib/money-text.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { WALLETS } from '../../../lib/wallets.ts';
import type { LoanInfo } from '../api/use-loan-info.ts';

/** The credit score ring shows a 0–100 scale. */
const SCORE_SCALE = 100;

export function LoanHero({
  info,
  type,
  onType,
}: {
  info: LoanInfo;
  type: Currency;
  onType: (c: Currency) => void;
}) {
  const { t } = useTranslator('money');
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
        <Figure label={t('loan.limit')}>{compactMoney(info.limit, type)}</Figure>
        <div>
          <dt>{t('loan.borrowed')}</dt>
          <dd data-testid="loan-borrowed" data-value={info.borrowed}>
            {compactMoney(info.borrowed, type)}
          </dd>
        </div>
        <Figure label={t('loan.rate')} testid="loan-rate">
          {t('loan.ratePerYear', { rate: info.rate })}
        </Figure>
      </dl>
    </section>
  );
}
