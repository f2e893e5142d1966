import './quotes.css';
import { MARKET_ORDER, setMarket, useMarket } from '../lib/market-choice.ts';
import { useTranslator } from '../lib/use-translator.ts';

/** JP / US / CN / KR: the market the quote and position screens show (stored in `stock`). */
export function MarketSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslator('quotes');
  const market = useMarket();
  return (
    <div className={`k-market-switch ${className}`} role="tablist" aria-label={t('market.label')}>
      {MARKET_ORDER.map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={m === market}
          className={m === market ? 'is-active' : ''}
          onClick={() => setMarket(m)}
          data-testid={`market-${m}`}
        >
          {t(`market.${m}`)}
        </button>
      ))}
    </div>
  );
}
