import './margin-call-banner.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { marginAccountQuery, openCall } from '../lib/api/use-margin.ts';
import { formatMarketDateTime, formatMoney } from '../lib/format.ts';
import { useSession } from '../lib/session.ts';
import { useTranslator } from '../lib/use-translator.ts';

/** How often the account is read again while a call is open, and while none is. */
const WITH_CALL_MS = 30_000;
const WITHOUT_CALL_MS = 120_000;
/** The screens a deposit is made on: the banner's link would lead where the user already is. */
const DEPOSIT_PATHS = new Set(['/mine/stored', '/mine/deposit']);

/**
 * The margin call (追証) banner, above every signed-in screen while a call is open: its amount and its
 * deadline on Tokyo's clock, and a link to deposit. The shell loads it lazily, after the first screen:
 * its code is not in the entry. The account is read again on a timer and on each new screen (while a call
 * is open; else once 30 s old), so the banner goes when the call is met.
 */
export default function MarginCallBanner() {
  const signedIn = useSession((s) => s.token !== null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslator('shell');
  const account = useQuery({
    ...marginAccountQuery(),
    enabled: signedIn,
    refetchInterval: (q) => (openCall(q.state.data) ? WITH_CALL_MS : WITHOUT_CALL_MS),
  });
  const { refetch, isStale } = account;
  const call = signedIn ? openCall(account.data) : undefined;
  // a new screen reads the account again: while a call is open at once (a deposit or a close may have
  // met it), else when the last read is older than its stale time
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on a change of screen only
  useEffect(() => {
    if (signedIn && (isStale || call)) void refetch();
  }, [pathname]);

  if (!call) return null;
  return (
    <div className="k-margin-banner" role="alert" data-testid="margin-call-banner" data-id={call.id}>
      <p className="k-margin-banner-text">
        {t('marginCall.title')}{' '}
        <b data-testid="margin-call-banner-amount" data-value={call.amount}>
          {formatMoney(call.amount, call.currency)}
        </b>
        <br />
        {t('marginCall.deadline', { time: formatMarketDateTime(call.deadline, 'jpy') })}
      </p>
      {!DEPOSIT_PATHS.has(pathname) && (
        <button
          type="button"
          className="k-margin-banner-btn"
          onClick={() => navigate('/mine/stored')}
          data-testid="margin-call-deposit"
        >
          {t('marginCall.deposit')}
        </button>
      )}
    </div>
  );
}
