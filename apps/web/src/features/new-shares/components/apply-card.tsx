import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { Figure } from '../../../components/figure.tsx';
import { SharesInput } from '../../../components/typed-inputs.tsx';
import { formatMoney, priceTimes } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useApply } from '../api/use-apply.ts';
import type { Offering } from '../api/use-offerings.ts';

/**
 * Apply for an offering: shares in its lot (typed or stepped by a lot, up to the per-application
 * maximum), the amount held at the offer price (the range's top while unpriced), and a confirmation.
 */
export function ApplyCard({ o }: { o: Offering }) {
  const { t } = useTranslator('newShares');
  const apply = useApply();
  const [sharesText, setSharesText] = useState(String(o.lot));
  const [refused, setRefused] = useState(false);
  const shares = /^\d+$/.test(sharesText) ? Number(sharesText) : 0;
  const problem = refused
    ? null // the field says why
    : shares > o.maxShares
      ? t('maxProblem', { max: o.maxShares.toLocaleString() })
      : shares < o.lot || shares % o.lot !== 0
        ? t('lotProblem', { lot: o.lot.toLocaleString() })
        : null;
  const blocked = refused || problem !== null;
  const amount = priceTimes(o.offerPrice, shares);

  const step = (lots: number) => {
    const next = Math.min(o.maxShares, Math.max(o.lot, (Math.floor(shares / o.lot) + lots) * o.lot));
    setSharesText(String(next));
    setRefused(false);
  };

  const submit = () => {
    if (apply.isPending || blocked) return;
    Dialog.confirm({
      content: t('confirm', {
        name: o.name,
        shares: shares.toLocaleString(),
        amount: formatMoney(amount, o.market),
      }),
      onConfirm: async () => {
        try {
          const r = await apply.mutateAsync({ id: o.id, shares, market: o.market });
          showMsg(r.code ?? 'ok.subscribed');
        } catch {
          // the refusal was shown by the client
        }
      },
    });
  };

  return (
    <section className="k-ipo-section" data-testid="ipo-apply">
      <h2>{t('applyTitle')}</h2>
      <div className="k-ipo-qty">
        <SharesInput
          value={sharesText}
          onChange={(v, p) => {
            setSharesText(v);
            setRefused(p !== null);
          }}
          label={t('applyTitle')}
          testid="ipo-quantity"
          stepper={{
            down: { label: '-', onStep: () => step(-1) },
            up: { label: '+', onStep: () => step(1) },
          }}
        />
        {problem && (
          <p className="k-input-problem" role="alert" data-testid="ipo-problem">
            {problem}
          </p>
        )}
      </div>
      <dl className="k-ipo-grid">
        <Figure label={o.priced ? t('offerPrice') : t('unpriced')}>
          {formatMoney(o.offerPrice, o.market)}
        </Figure>
        <Figure label={t('amount')}>{formatMoney(amount, o.market)}</Figure>
      </dl>
      <button
        type="button"
        className="k-btn k-btn-primary k-btn-block"
        style={{ marginTop: 12 }}
        disabled={apply.isPending || blocked}
        onClick={submit}
        data-testid="ipo-apply-submit"
      >
        {t('apply')}
      </button>
    </section>
  );
}
