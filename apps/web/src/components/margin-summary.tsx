import './margin.css';
import type { Currency } from '@kabuto/domain';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { bookOf, type MarginAccount, openCall, useMarginAccount } from '../lib/api/use-margin.ts';
import { formatMarketDateTime, formatMoney, toUnits } from '../lib/format.ts';
import { trendClass } from '../lib/quote-format.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { Figure } from './figure.tsx';
import { Icon } from './icon.tsx';

/** Unix seconds → "2026/11/26 12:00" on Tokyo's clock (the deadline is read in JST). */
export const jstDateTime = (unixSeconds: number): string => formatMarketDateTime(unixSeconds, 'jpy');

/** Is the ratio (percent text) below the line (percent text)? Compared exactly, in hundredths. */
export function belowLine(ratio: string | null, line: string): boolean {
  if (ratio === null) return false;
  const r = toUnits(ratio);
  const l = toUnits(line);
  return r !== null && l !== null && r < l;
}

/**
 * The margin account at a glance, for one market: its maintenance ratio against the line, the
 * collateral, the positions' contract value, unrealised P&L and financing costs to date, and an open margin call's amount and
 * deadline. Without an open account (`apply`): a row to the application and its status. Renders nothing
 * while it loads or when there is nothing to show.
 */
export function MarginSummary(props: { currency: Currency; apply?: boolean }) {
  // its texts are the money screens': a screen without them shows it once they have arrived
  return (
    <Suspense fallback={null}>
      <Summary {...props} />
    </Suspense>
  );
}

function Summary({ currency, apply = false }: { currency: Currency; apply?: boolean }) {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  const navigate = useNavigate();
  const account = useMarginAccount();
  const a = account.data;
  if (!a) return null;
  if (a.status !== 'approved') {
    if (!apply) return null;
    return (
      <button
        type="button"
        className="k-card k-margin-row"
        onClick={() => navigate('/mine/margin')}
        data-testid="margin-row"
        data-status={a.status}
      >
        <span className="k-link-icon">
          <Icon name="pie" size={20} />
        </span>
        <span className="k-margin-row-text">{t('title')}</span>
        <span className={`k-margin-chip is-${a.status}`}>{t(`status.${a.status}`)}</span>
        <Icon name="right" size={16} className="k-link-arrow" />
      </button>
    );
  }
  return <BookCard account={a} currency={currency} onOpen={() => navigate('/mine/margin')} />;
}

/** The book's figures and the open call, if any. */
export function BookCard({
  account,
  currency,
  onOpen,
}: {
  account: MarginAccount;
  currency: Currency;
  onOpen?: () => void;
}) {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  const book = bookOf(account, currency);
  const call = openCall(account, currency);
  const ratio = book?.ratio ?? null;
  const low = belowLine(ratio, account.line);
  return (
    <section
      className={`k-card k-card-pad k-margin-book${call ? ' has-call' : ''}`}
      aria-label={t('bookTitle')}
      data-testid="margin-summary"
    >
      <div className="k-margin-head">
        <h2 className="k-card-title">{t('bookTitle')}</h2>
        {onOpen && (
          <button type="button" className="k-margin-more" onClick={onOpen} data-testid="margin-open">
            {t('details')}
            <Icon name="right" size={14} />
          </button>
        )}
      </div>
      <div className="k-margin-ratio">
        <strong className={low ? 'is-low' : ''} data-testid="margin-ratio" data-value={ratio ?? ''}>
          {ratio === null ? '--' : `${ratio}%`}
        </strong>
        <small data-testid="margin-line">{t('line', { line: account.line })}</small>
      </div>
      {!book && <p className="k-hint">{t('noPositions')}</p>}
      <dl className="k-margin-figures">
        <Figure label={t('collateral')} testid="margin-collateral">
          {formatMoney(book?.collateral ?? '0', currency)}
        </Figure>
        <Figure label={t('notional')} testid="margin-notional">
          {formatMoney(book?.notional ?? '0', currency)}
        </Figure>
        <Figure label={t('pnl')} className={trendClass(book?.pnl)} testid="margin-pnl">
          {formatMoney(book?.pnl ?? '0', currency)}
        </Figure>
        <Figure label={t('financing')} testid="margin-financing">
          {formatMoney(book?.financing ?? '0', currency)}
        </Figure>
        {call && (
          <>
            <Figure label={t('callAmount')} className="is-call" testid="margin-call-amount">
              {formatMoney(call.amount, currency)}
            </Figure>
            <Figure label={t('callDeadline')} className="is-call" testid="margin-call-deadline">
              {t('jst', { time: jstDateTime(call.deadline) })}
            </Figure>
          </>
        )}
      </dl>
    </section>
  );
}
