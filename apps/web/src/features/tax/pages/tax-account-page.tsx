import '../../../components/money.css';
import '../tax.css';
import { useEffect, useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import { formatMoney, toUnits } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { TAX_KINDS, type TaxKind, useChooseTaxAccount, useTaxAccount } from '../api/use-tax.ts';

/** used / limit as a percentage for a bar (0–100). */
function share(used: string, limit: string): number {
  const u = toUnits(used) ?? 0n;
  const l = toUnits(limit) ?? 0n;
  if (l <= 0n) return 0;
  const p = Number((u * 100n) / l);
  return p < 0 ? 0 : p > 100 ? 100 : p;
}

/**
 * `/mine/tax`: the account type (特定口座・源泉徴収あり / なし, 一般口座, chosen once a year), NISA beside it,
 * this year's realised gain and tax withheld, and the NISA quotas used.
 */
export function TaxAccountPage() {
  const { t } = useTranslator('money', { keyPrefix: 'tax' });
  const account = useTaxAccount();
  const choose = useChooseTaxAccount();
  const a = account.data;
  const [kind, setKind] = useState<TaxKind | null>(null);
  const [nisa, setNisa] = useState<boolean | null>(null);
  useEffect(() => {
    if (a) {
      setKind(a.kind);
      setNisa(a.nisa);
    }
  }, [a]);

  const changed = a && kind !== null && nisa !== null && (kind !== a.kind || nisa !== a.nisa);
  const save = () => {
    if (!changed || choose.isPending || kind === null || nisa === null) return;
    choose.mutate({ kind, nisa }, { onSuccess: ({ code }) => showMsg(code ?? 'ok.taxAccountSet') });
  };

  return (
    <>
      <PageHeader title={t('title')} back="/mine/myPage" />
      {account.isPending ? (
        <ListSkeleton rows={3} lines={3} />
      ) : account.isError || !a ? (
        <ErrorState onRetry={() => void account.refetch()} />
      ) : (
        <Refreshable onRefresh={() => account.refetch()}>
          <div className="k-body k-tax" data-testid="tax-page">
            <section className="k-card k-card-pad" aria-label={t('kindTitle')}>
              <h2 className="k-card-title">{t('kindTitle', { year: a.year })}</h2>
              <ul className="k-radio-list" aria-label={t('kindTitle', { year: a.year })}>
                {TAX_KINDS.map((k) => (
                  <li key={k}>
                    <button
                      type="button"
                      className={`k-radio${k === kind ? ' is-selected' : ''}`}
                      aria-pressed={k === kind}
                      disabled={!a.canChoose && k !== a.kind}
                      onClick={() => setKind(k)}
                      data-testid={`tax-kind-${k}`}
                    >
                      <span className="k-radio-dot" aria-hidden="true" />
                      <span className="k-radio-text">
                        <b>{t(`kinds.${k}`)}</b>
                        <small>{t(`kindNotes.${k}`)}</small>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <p className="k-hint">{t(a.canChoose ? 'onceAYear' : 'chosenThisYear')}</p>
              <label className="k-tax-nisa">
                <input
                  type="checkbox"
                  checked={nisa ?? false}
                  onChange={(e) => setNisa(e.target.checked)}
                  data-testid="tax-nisa"
                />
                <span>{t('nisaOpen')}</span>
              </label>
              <p className="k-hint">{t('nisaNote')}</p>
              <button
                type="button"
                className="k-btn k-btn-primary k-btn-block"
                disabled={!changed || choose.isPending}
                onClick={save}
                data-testid="tax-save"
              >
                {choose.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
                {t('save')}
              </button>
            </section>

            <section className="k-card k-card-pad" aria-label={t('yearTitle', { year: a.year })}>
              <h2 className="k-card-title">{t('yearTitle', { year: a.year })}</h2>
              <dl className="k-tax-figures">
                <div>
                  <dt>{t('netGain')}</dt>
                  <dd data-testid="tax-net">{formatMoney(a.netGain)}</dd>
                </div>
                <div>
                  <dt>{t('national')}</dt>
                  <dd data-testid="tax-national">{formatMoney(a.withheldNational)}</dd>
                </div>
                <div>
                  <dt>{t('local')}</dt>
                  <dd data-testid="tax-local">{formatMoney(a.withheldLocal)}</dd>
                </div>
              </dl>
              <p className="k-hint">{t('yearNote')}</p>
            </section>

            <section className="k-card k-card-pad" aria-label={t('nisaTitle')}>
              <h2 className="k-card-title">{t('nisaTitle')}</h2>
              <dl className="k-tax-figures">
                <div>
                  <dt>{t('nisaYear')}</dt>
                  <dd data-testid="tax-nisa-year">
                    {formatMoney(a.nisaYearUsed)} / {formatMoney(a.nisaYearLimit)}
                  </dd>
                </div>
                <div className="k-tax-bar" aria-hidden="true">
                  <span style={{ width: `${share(a.nisaYearUsed, a.nisaYearLimit)}%` }} />
                </div>
                <div>
                  <dt>{t('nisaLifetime')}</dt>
                  <dd>
                    {formatMoney(a.nisaLifetimeUsed)} / {formatMoney(a.nisaLifetimeLimit)}
                  </dd>
                </div>
                <div className="k-tax-bar" aria-hidden="true">
                  <span style={{ width: `${share(a.nisaLifetimeUsed, a.nisaLifetimeLimit)}%` }} />
                </div>
              </dl>
              <p className="k-hint">{t('nisaQuotaNote')}</p>
            </section>
          </div>
        </Refreshable>
      )}
    </>
  );
}
