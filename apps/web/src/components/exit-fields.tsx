import './exit-fields.css';
import { formatUnits, type Side, type Units } from '@kabuto/domain';
import { type ExitChoice, type ExitDraft, previewExit } from '../lib/exit-preview.ts';
import { formatPrice } from '../lib/quote-format.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { PriceInput } from './typed-inputs.tsx';

const KINDS: readonly ExitChoice[] = ['none', 'limit', 'stop', 'stop_limit', 'trail', 'oco'];

/**
 * The fields of an exit order in the words Japanese brokers use — 指値, 逆指値, 逆指値（指値）,
 * トレーリングストップ (by an amount or a percent), OCO — with the preview of each leg against a
 * reference price: the price it triggers at, what it does then, and whether it would act at once.
 * The preview is the domain's `stepExit`/`trailLevel`, as the server's trigger job runs them.
 */
export function ExitFields({
  side,
  value,
  onChange,
  reference,
  decimals,
  withNone = true,
  testid = 'exit',
}: {
  /** The position's side: 1 long (the exit sells), 2 short (it buys to cover). */
  side: Side;
  value: ExitDraft;
  onChange: (d: ExitDraft) => void;
  /** The price the preview is read at (the current price; an IFD's entry price). */
  reference: Units;
  decimals: number;
  /** Offer "none" (the order sheet's IFD leg is optional). */
  withNone?: boolean;
  testid?: string;
}) {
  const { t } = useTranslator('quotes');
  const set = (patch: Partial<ExitDraft>) => onChange({ ...value, ...patch });
  const price = (u: Units) => formatPrice(formatUnits(u), decimals);
  const lines = previewExit(side, value, reference);
  const k = value.kind;
  const needsLimit = k === 'limit' || k === 'stop_limit' || k === 'oco';
  const needsStop = k === 'stop' || k === 'stop_limit' || k === 'oco';

  return (
    <div className="k-exit" data-testid={testid}>
      <div className="k-exit-kinds">
        {KINDS.filter((c) => withNone || c !== 'none').map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={k === c}
            className={k === c ? 'is-active' : ''}
            onClick={() => set({ kind: c })}
            data-testid={`${testid}-kind-${c}`}
          >
            {t(`exit.kind.${c}`)}
          </button>
        ))}
      </div>
      {needsLimit && (
        <div className="k-exit-field">
          <span>{t(k === 'stop_limit' ? 'exit.limitAfter' : 'exit.limit')}</span>
          <PriceInput
            decimals={decimals}
            value={value.limit}
            onChange={(v) => set({ limit: v })}
            label={t('exit.limit')}
            testid={`${testid}-limit`}
          />
        </div>
      )}
      {needsStop && (
        <div className="k-exit-field">
          <span>{t('exit.stop')}</span>
          <PriceInput
            decimals={decimals}
            value={value.stop}
            onChange={(v) => set({ stop: v })}
            label={t('exit.stop')}
            testid={`${testid}-stop`}
          />
        </div>
      )}
      {k === 'trail' && (
        <div className="k-exit-field">
          <span>{t('exit.trail')}</span>
          <div className="k-exit-trail">
            <PriceInput
              decimals={value.trailPct ? 2 : decimals}
              value={value.trail}
              onChange={(v) => set({ trail: v })}
              label={t('exit.trail')}
              testid={`${testid}-trail`}
            />
            <div className="k-exit-kinds is-unit">
              {[false, true].map((pct) => (
                <button
                  key={String(pct)}
                  type="button"
                  aria-pressed={value.trailPct === pct}
                  className={value.trailPct === pct ? 'is-active' : ''}
                  onClick={() => set({ trailPct: pct })}
                  data-testid={`${testid}-trail-${pct ? 'pct' : 'amount'}`}
                >
                  {t(pct ? 'exit.trailPct' : 'exit.trailAmount')}
                </button>
              ))}
            </div>
          </div>
        </div>
      )}
      {k !== 'none' && (
        <ul className="k-exit-preview" data-testid={`${testid}-preview`} aria-live="polite">
          {lines === null ? (
            <li className="is-missing">{t('exit.enterPrices')}</li>
          ) : (
            lines.map((l) => (
              <li key={l.kind} data-kind={l.kind}>
                {t(`exit.pv.${l.kind}.${side}`, {
                  level: price(l.level),
                  fill: l.fillAt === null ? '' : price(l.fillAt),
                })}
                {l.now && <strong className="is-now">{t('exit.pv.now')}</strong>}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
