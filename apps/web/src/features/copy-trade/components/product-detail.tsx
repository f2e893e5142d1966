import type { Language } from '@kabuto/contract';
import { type Market, parseUnits } from '@kabuto/domain';
import Dialog from 'antd-mobile/es/components/dialog';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MarketModeLabel } from '../../../components/data-mode.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Figure } from '../../../components/figure.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { showMsg } from '../../../lib/messages.ts';
import { trendClass } from '../../../lib/quote-format.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useFollow } from '../api/use-follow.ts';
import { useProduct } from '../api/use-products.ts';
import { NavChart } from './nav-chart.tsx';

/** One product: terms, the NAV chart against the target, constituents, my figures, the follow form. */
export function ProductDetailView({ id, market }: { id: string; market: Market }) {
  const { t } = useTranslator('copyTrade');
  const navigate = useNavigate();
  const detail = useProduct(id, market, currentLanguage() as Language);
  const follow = useFollow();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const p = detail.data;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p || follow.isPending) return;
    const units = parseUnits(amount.trim());
    if (units === null || units <= 0n) return showMsg('validation.amount');
    if (units < (parseUnits(p.minimum) ?? 0n)) return showMsg('product.belowMinimum', { min: p.minimum });
    if (!/^\d{6}$/.test(password)) return showMsg('account.fundPasswordFormat');
    Dialog.confirm({
      title: t('confirmTitle'),
      content: (
        <dl className="k-kv k-confirm-kv">
          <Figure label={t('product')}>{p.name}</Figure>
          <Figure label={t('amount')} className="k-num">
            {formatMoney(amount.trim(), market)}
          </Figure>
          <Figure label={t('nav')} className="k-num">
            {p.nav.toFixed(4)}
          </Figure>
          <Figure label={t('lockIn')}>{t('days', { count: p.lockDays })}</Figure>
        </dl>
      ),
      confirmText: t('follow'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        try {
          const { code } = await follow.mutateAsync({
            productId: p.id,
            amount: amount.trim(),
            fundPassword: password,
            market,
          });
          showMsg(code ?? 'ok.followed');
          setAmount('');
          setPassword('');
          navigate('/mine/followOrder');
        } catch {
          // the refusal is already shown
        }
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('detail')}
        back="/home/follow"
        action={{ icon: 'order', to: '/mine/followOrder', label: t('myOrders') }}
      />
      {detail.isPending ? (
        <ListSkeleton rows={3} lines={4} />
      ) : detail.isError && !p ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : p ? (
        <Refreshable onRefresh={() => detail.refetch()}>
          <div className="k-body">
            <section className="k-card" data-testid="product-detail">
              <div className="k-ct-head">
                <b>{p.name}</b>
                <span className={`k-num ${trendClass(p.navChangePercent)}`}>
                  {p.nav.toFixed(4)} ({p.navChangePercent > 0 ? '+' : ''}
                  {p.navChangePercent.toFixed(2)}%)
                </span>
              </div>
              <div className="k-ct-issuer">{t('issuer', { name: p.issuer })}</div>
              <dl className="k-ct-figures">
                <Figure label={t('targetDaily')}>{p.targetPercent.toFixed(2)}%</Figure>
                <Figure label={t('sinceInception')} className={trendClass(p.navTotalPercent)}>
                  {p.navTotalPercent.toFixed(2)}%
                </Figure>
                <Figure label={t('lockIn')}>{t('days', { count: p.lockDays })}</Figure>
                <Figure label={t('minimum')}>{formatMoney(p.minimum, market)}</Figure>
                <Figure label={t('capacityLeft')}>{formatMoney(p.capacityLeft, market)}</Figure>
                <Figure label={t('deadline')}>{formatDateTime(p.deadline)}</Figure>
              </dl>
            </section>
            <section className="k-card">
              <h3 className="k-ct-section-title">{t('history')}</h3>
              <NavChart points={p.history} />
              <p className="k-ct-note">{t('targetNote')}</p>
            </section>
            <section className="k-card">
              <h3 className="k-ct-section-title">{t('constituents')}</h3>
              <table className="k-ct-table" data-testid="constituents">
                <thead>
                  <tr>
                    <th>{t('stock')}</th>
                    <th>{t('weight')}</th>
                    <th>
                      {t('price')}
                      <MarketModeLabel market={market} />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p.constituents.map((c) => (
                    <tr key={c.symbol}>
                      <td>
                        {c.name} <small>{c.symbol}</small>
                      </td>
                      <td>{c.weightPercent.toFixed(2)}%</td>
                      <td className={trendClass(c.gainPercent)}>{formatMoney(String(c.price), market)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="k-card" data-testid="my-figures">
              <h3 className="k-ct-section-title">{t('mine')}</h3>
              <dl className="k-ct-figures">
                <Figure label={t('invested')}>{formatMoney(p.mine.invested, market)}</Figure>
                <Figure label={t('value')}>{formatMoney(p.mine.value, market)}</Figure>
                <Figure label={t('totalProfit')} className={trendClass(p.mine.profit)} testid="my-profit">
                  {formatMoney(p.mine.profit, market)}
                </Figure>
              </dl>
              {p.mine.days.length > 0 && (
                <table className="k-ct-table" data-testid="my-days">
                  <thead>
                    <tr>
                      <th>{t('date')}</th>
                      <th>{t('nav')}</th>
                      <th>{t('dailyProfit')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.mine.days
                      .slice()
                      .reverse()
                      .map((d) => (
                        <tr key={d.date} data-testid="my-day">
                          <td>{d.date}</td>
                          <td data-testid="my-day-nav">{d.nav.toFixed(4)}</td>
                          <td className={trendClass(d.profit)} data-testid="my-day-profit">
                            {formatMoney(d.profit, market)}
                          </td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              )}
            </section>
            <form className="k-card k-ct-form" onSubmit={submit}>
              <TextField
                label={t('amount')}
                value={amount}
                onChange={setAmount}
                icon="deposit"
                inputMode="decimal"
                placeholder={t('atLeast', { min: formatMoney(p.minimum, market) })}
                data-testid="follow-amount"
              />
              <TextField
                label={t('fundPassword')}
                value={password}
                onChange={setPassword}
                icon="lock"
                secret
                inputMode="numeric"
                data-testid="follow-password"
              />
              <button
                type="submit"
                className="k-btn k-btn-primary k-btn-block"
                disabled={follow.isPending || p.status !== 0}
                data-testid="follow-submit"
              >
                {t('follow')}
              </button>
              <p className="k-ct-note">{t('followNote', { date: formatDate(p.productEnd) })}</p>
            </form>
          </div>
        </Refreshable>
      ) : null}
    </>
  );
}
