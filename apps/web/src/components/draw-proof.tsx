import './draw-proof.css';
import { useState } from 'react';
import type { Verdict } from '../lib/draw-proof.ts';

/** The texts of a proof, in the feature's words (keys of its namespace). */
export type ProofKey =
  | 'proof'
  | 'commitment'
  | 'commitmentPending'
  | 'seed'
  | 'seedPending'
  | 'verify'
  | 'verifying'
  | 'verifyOk'
  | 'verifyFail';

/**
 * The proof of a seeded draw: the published commitment, the revealed seed, and "verify", which
 * recomputes the draw in the browser (`lib/draw-proof.ts`). `verify` is null until the inputs are here.
 * Hooks: `<testid>-proof`, `-commitment`, `-seed`, `-verify`, `-verdict` (data-verdict ok|bad).
 */
export function DrawProof({
  testid,
  className,
  t,
  commitment,
  seed,
  note,
  verify,
}: {
  testid: string;
  className: string;
  t: (key: ProofKey) => string;
  commitment: string;
  seed: string;
  note?: string;
  verify: (() => Promise<Verdict>) | null;
}) {
  const [verdict, setVerdict] = useState<'idle' | 'busy' | 'ok' | 'bad'>('idle');
  const run = async () => {
    if (!verify) return;
    setVerdict('busy');
    try {
      const v = await verify();
      setVerdict(v.commitment && v.result && v.entries ? 'ok' : 'bad');
    } catch {
      setVerdict('bad');
    }
  };
  return (
    <section className={`k-proof ${className}`} data-testid={`${testid}-proof`}>
      <h2>{t('proof')}</h2>
      <small>{t('commitment')}</small>
      <p className="k-proof-hash" data-testid={`${testid}-commitment`}>
        {commitment || t('commitmentPending')}
      </p>
      <small>{t('seed')}</small>
      <p className="k-proof-hash" data-testid={`${testid}-seed`}>
        {seed || t('seedPending')}
      </p>
      {verify && (
        <>
          {note && <p className="k-proof-note">{note}</p>}
          <button
            type="button"
            className="k-btn k-btn-ghost k-btn-block"
            onClick={() => void run()}
            disabled={verdict === 'busy'}
            data-testid={`${testid}-verify`}
          >
            {verdict === 'busy' ? t('verifying') : t('verify')}
          </button>
          {(verdict === 'ok' || verdict === 'bad') && (
            <p
              className={`k-proof-verdict ${verdict === 'ok' ? 'is-ok' : 'is-bad'}`}
              data-testid={`${testid}-verdict`}
              data-verdict={verdict}
            >
              {verdict === 'ok' ? t('verifyOk') : t('verifyFail')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
