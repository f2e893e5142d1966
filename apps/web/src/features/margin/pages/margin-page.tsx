import '../../../components/money.css';
import '../margin.css';
import { type Currency, MARKETS } from '@kabuto/domain';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { BookCard, jstDateTime } from '../../../components/margin-summary.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Refreshable } from '../../../components/refreshable.tsx';
import {
  MARGIN_ASSETS,
  MARGIN_EXPERIENCE,
  MARGIN_INCOME,
  type MarginAccount,
  type MarginApplication,
  useApplyMargin,
  useMarginAccount,
} from '../../../lib/api/use-margin.ts';
import { formatMoney } from '../../../lib/format.ts';
import { showMsg } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { whenSent } from '../../../lib/when-sent.ts';

const AGREEMENT_CLAUSES = ['collateral', 'maintenance', 'call', 'forced', 'costs', 'loss'] as const;

/**
 * `/mine/margin`: the margin account (信用取引口座). Without one (or after a rejection, with its reason):
 * the application — the suitability questions, the margin agreement to read and accept. Under review: a
 * note. Open: each market's book (maintenance ratio, collateral, contract value, P&L) and the calls.
 */
export function MarginPage() {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  const account = useMarginAccount();
  const a = account.data;
  return (
    <>
      <PageHeader title={t('title')} back="/mine/myPage" />
      {account.isPending ? (
        <ListSkeleton rows={3} lines={3} />
      ) : account.isError || !a ? (
        <ErrorState onRetry={() => void account.refetch()} />
      ) : (
        <Refreshable onRefresh={() => account.refetch()}>
          <div className="k-body k-margin" data-testid="margin-page" data-status={a.status}>
            <StateCard account={a} />
            {a.status === 'approved' ? <Books account={a} /> : a.status !== 'pending' && <ApplyForm />}
          </div>
        </Refreshable>
      )}
    </>
  );
}

function StateCard({ account: a }: { account: MarginAccount }) {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  return (
    <section className="k-card k-card-pad" aria-label={t('title')} data-testid="margin-state">
      <div className="k-margin-state">
        <h2 className="k-card-title">{t('title')}</h2>
        <span className={`k-margin-chip is-${a.status}`} data-testid="margin-status">
          {t(`status.${a.status}`)}
        </span>
      </div>
      <p className={`k-margin-note${a.status === 'rejected' ? ' is-rejected' : ''}`}>
        {a.status === 'rejected' && a.reason
          ? t('note.rejectedWith', { reason: a.reason })
          : t(`note.${a.status}`)}
      </p>
      {a.legacy && <p className="k-hint">{t('note.legacy')}</p>}
    </section>
  );
}

/** The markets with a book or a call, else the yen market; and the calls, open first. */
function Books({ account: a }: { account: MarginAccount }) {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  const shown: Currency[] = MARKETS.filter(
    (c) =>
      a.books.some((b) => b.currency === c) || a.calls.some((k) => k.status === 'open' && k.currency === c),
  );
  return (
    <>
      {(shown.length > 0 ? shown : (['jpy'] as Currency[])).map((c) => (
        <BookCard key={c} account={a} currency={c} />
      ))}
      <p className="k-hint">
        {t('minCollateral', {
          amount: formatMoney(a.minCollateral, 'jpy'),
          line: a.line,
          floor: a.emergency,
        })}
      </p>
      {a.calls.length > 0 && (
        <section className="k-card k-card-pad" aria-label={t('callsTitle')}>
          <h2 className="k-card-title">{t('callsTitle')}</h2>
          <ul className="k-margin-calls">
            {a.calls.map((c) => (
              <li key={c.id} data-testid="margin-call-row" data-status={c.status}>
                <span>{formatMoney(c.amount, c.currency)}</span>
                <span>{t('jst', { time: jstDateTime(c.deadline) })}</span>
                <span className={`k-margin-chip is-${c.status === 'open' ? 'rejected' : 'approved'}`}>
                  {t(`callStatus.${c.status}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

type Draft = Partial<Pick<MarginApplication, 'experience' | 'assets' | 'income'>>;

function Choices<K extends 'experience' | 'assets' | 'income'>({
  field,
  options,
  value,
  onChange,
}: {
  field: K;
  options: readonly NonNullable<Draft[K]>[];
  value: Draft[K];
  onChange: (v: NonNullable<Draft[K]>) => void;
}) {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  return (
    <fieldset className="k-margin-q">
      <legend>{t(`q.${field}`)}</legend>
      <div className="k-margin-choices">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            aria-pressed={value === o}
            onClick={() => onChange(o)}
            data-testid={`margin-${field}-${o}`}
          >
            {t(`${field}.${o}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The application: three suitability questions, the agreement, the two confirmations. */
function ApplyForm() {
  const { t } = useTranslator('money', { keyPrefix: 'margin' });
  const apply = useApplyMargin();
  const [draft, setDraft] = useState<Draft>({});
  const [risks, setRisks] = useState(false);
  const [agreement, setAgreement] = useState(false);
  const answered = draft.experience && draft.assets && draft.income;

  const submit = () => {
    if (!draft.experience || !draft.assets || !draft.income || apply.isPending) return;
    if (!risks) return showMsg('margin.risksNotUnderstood');
    if (!agreement) return showMsg('margin.agreementRequired');
    whenSent(
      apply.mutateAsync({
        experience: draft.experience,
        assets: draft.assets,
        income: draft.income,
        risks,
        agreement,
      }),
      ({ code }) => showMsg(code ?? 'ok.submitted'),
    );
  };

  return (
    <section className="k-card k-card-pad k-margin" aria-label={t('applyTitle')} data-testid="margin-form">
      <h2 className="k-card-title">{t('applyTitle')}</h2>
      <p className="k-margin-note">{t('intro')}</p>
      <Choices
        field="experience"
        options={MARGIN_EXPERIENCE}
        value={draft.experience}
        onChange={(experience) => setDraft({ ...draft, experience })}
      />
      <Choices
        field="assets"
        options={MARGIN_ASSETS}
        value={draft.assets}
        onChange={(assets) => setDraft({ ...draft, assets })}
      />
      <Choices
        field="income"
        options={MARGIN_INCOME}
        value={draft.income}
        onChange={(income) => setDraft({ ...draft, income })}
      />
      <h3 className="k-card-title">{t('agreementTitle')}</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the agreement scrolls; the keyboard must reach it */}
      <div className="k-margin-agreement" tabIndex={0} data-testid="margin-agreement">
        <ol>
          {AGREEMENT_CLAUSES.map((c) => (
            <li key={c}>{t(`agreement.${c}`)}</li>
          ))}
        </ol>
      </div>
      <label className="k-margin-check">
        <input
          type="checkbox"
          checked={risks}
          onChange={(e) => setRisks(e.target.checked)}
          data-testid="margin-risks"
        />
        <span>{t('risks')}</span>
      </label>
      <label className="k-margin-check">
        <input
          type="checkbox"
          checked={agreement}
          onChange={(e) => setAgreement(e.target.checked)}
          data-testid="margin-agree"
        />
        <span>{t('accept')}</span>
      </label>
      <button
        type="button"
        className="k-btn k-btn-primary k-btn-block"
        disabled={!answered || apply.isPending}
        onClick={submit}
        data-testid="margin-submit"
      >
        {apply.isPending && <span className="k-spinner is-small" aria-hidden="true" />}
        {t('submit')}
      </button>
    </section>
  );
}
