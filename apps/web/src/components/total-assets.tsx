import { useId, useState } from 'react';
import { useAssetsSummary } from '../lib/api/use-assets-summary.ts';
import { isoCode } from '../lib/currency.ts';
import { formatMoney, toUnits } from '../lib/format.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { Figure } from './figure.tsx';
import { Icon } from './icon.tsx';

const MASK = '••••••';

/**
 * Total assets in yen across every wallet — cash, frozen (its parts under it: pending transfers, the margin
 * of open positions, copy-trade stakes) and the unrealised P&L of open positions — at the reference rate, the figure a Japanese broker leads with. Tapping it shows the breakdown.
 * `tone`: dark on the money bands (My page, user panel), light on a card (home).
 */
export function TotalAssets({
  tone = 'dark',
  hidden = false,
  testid = 'total-assets',
}: {
  tone?: 'dark' | 'light';
  hidden?: boolean;
  testid?: string;
}) {
  const { t } = useTranslator('shell');
  const summary = useAssetsSummary();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const s = summary.data;
  const money = (v: string) => (hidden ? MASK : formatMoney(v, 'jpy'));
  const signed = (v: string) => {
    const n = toUnits(v) ?? 0n;
    return hidden ? MASK : `${n > 0n ? '+' : ''}${formatMoney(v, 'jpy')}`;
  };
  const nonZero = (v: string) => (toUnits(v) ?? 0n) !== 0n;
  /** A row of the breakdown (`part`: one of frozen's parts, set under it). */
  const amount = (key: string, label: string, value: string, part = false) => (
    <div className={part ? 'k-total-part' : undefined}>
      <dt>{label}</dt>
      <dd data-testid={`${testid}-${key}`} data-value={value}>
        {money(value)}
      </dd>
    </div>
  );
  const pnlClass = (v: string) => {
    const n = toUnits(v) ?? 0n;
    return n > 0n ? 'is-up' : n < 0n ? 'is-down' : '';
  };

  return (
    <section className={`k-total is-${tone}`} aria-label={t('totalAssets.title')} data-testid={testid}>
      <button
        type="button"
        className="k-total-head"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={detailId}
        disabled={!s}
        data-testid={`${testid}-toggle`}
      >
        <span className="k-total-label">
          {t('totalAssets.title')}
          <small>{t('totalAssets.inYen')}</small>
        </span>
        <strong className="k-total-value" data-testid={`${testid}-value`} data-value={s?.total ?? ''}>
          {s ? money(s.total) : summary.isError ? '--' : '…'}
        </strong>
        <span className="k-total-more">
          {t(open ? 'totalAssets.hide' : 'totalAssets.show')}
          <Icon name="right" size={14} className={`k-total-chevron${open ? ' is-open' : ''}`} />
        </span>
      </button>
      {open && s && (
        <div id={detailId} className="k-total-detail" data-testid={`${testid}-breakdown`}>
          <dl className="k-total-kv">
            {amount('cash', t('totalAssets.cash'), s.cash)}
            {amount('frozen', t('totalAssets.frozen'), s.frozen)}
            {amount('reserved', t('totalAssets.reserved'), s.reserved, true)}
            {amount('margin', t('totalAssets.margin', { count: s.positions }), s.margin, true)}
            {nonZero(s.stake) && amount('stake', t('totalAssets.stake'), s.stake, true)}
            <div>
              <dt>{t('totalAssets.pnl')}</dt>
              <dd className={pnlClass(s.pnl)} data-testid={`${testid}-pnl`} data-value={s.pnl}>
                {signed(s.pnl)}
              </dd>
            </div>
            {nonZero(s.owed) && (
              <>
                <Figure label={t('totalAssets.owed')}>{money(s.owed)}</Figure>
                <Figure label={t('totalAssets.net')}>{money(s.net)}</Figure>
              </>
            )}
          </dl>
          {s.wallets.length > 0 && (
            <ul className="k-total-wallets" aria-label={t('totalAssets.wallets')}>
              {s.wallets.map((w) => (
                <li key={w.currency} data-testid={`${testid}-wallet-${w.currency}`} data-value={w.value}>
                  <b>{isoCode(w.currency)}</b>
                  <span>{hidden ? MASK : formatMoney(w.value, w.currency)}</span>
                  <span className="k-total-yen">≈ {money(w.totalJpy)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="k-total-note">{t('totalAssets.note', { spread: s.spread })}</p>
        </div>
      )}
    </section>
  );
}
