import '../login.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandLogo, useAppTitle } from '../../../components/brand-logo.tsx';
import { BasicIcon } from '../../../components/line-icon.tsx';
import { showMsgAcrossNavigation } from '../../../lib/messages.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { STARTUP_STEPS, type StartupResult } from '../startup-steps.ts';

/** Each step stays on screen at least this long, so the progress reads as progress, not a flicker. */
const MIN_STEP_MS = 160;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `/login/start`: the splash. Runs the start-up steps, then home (valid session) or login. */
export function StartPage() {
  const { t } = useTranslator('login');
  const navigate = useNavigate();
  const title = useAppTitle();
  const [current, setCurrent] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const result = useRef<StartupResult>({ destination: '/login/login' });
  const resumeAt = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reruns on retry (attempt) only
  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      for (let i = resumeAt.current; i < STARTUP_STEPS.length; i++) {
        setCurrent(i);
        const started = performance.now();
        try {
          await STARTUP_STEPS[i].run(result.current);
        } catch {
          if (cancelled) return;
          resumeAt.current = i;
          setFailed(true);
          return;
        }
        const rest = MIN_STEP_MS - (performance.now() - started);
        if (rest > 0) await sleep(rest);
        if (cancelled) return;
      }
      setCurrent(STARTUP_STEPS.length);
      await sleep(240);
      if (cancelled) return;
      const { destination, refusal } = result.current;
      if (refusal) showMsgAcrossNavigation(refusal.msg, refusal.params);
      navigate(destination, { replace: true });
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const done = current >= STARTUP_STEPS.length;
  const progress = Math.round(
    (Math.min(current + (done ? 0 : 0.5), STARTUP_STEPS.length) / STARTUP_STEPS.length) * 100,
  );

  return (
    <main className="k-splash" data-testid="splash">
      <section className="k-splash-hero">
        <BrandLogo size={76} />
        <h1>{title}</h1>
        <p>{t('splash.tagline')}</p>
      </section>
      <section className="k-splash-card" aria-live="polite">
        <div
          className="k-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={t('splash.progress')}
        >
          <span style={{ width: `${progress}%` }} />
        </div>
        <ol className="k-steps">
          {STARTUP_STEPS.map((step, i) => {
            const state =
              i < current || done ? 'done' : i === current ? (failed ? 'failed' : 'active') : 'todo';
            return (
              <li key={step.label} className={`k-step is-${state}`}>
                <span className="k-step-mark" aria-hidden="true">
                  {state === 'done' && <BasicIcon name="check" size={14} strokeWidth={3} />}
                  {state === 'failed' && <BasicIcon name="alert" size={14} strokeWidth={2.4} />}
                </span>
                <span className="k-step-label">{t(step.label)}</span>
              </li>
            );
          })}
        </ol>
        {failed && (
          <div className="k-splash-error" role="alert">
            <p>{t('splash.failed')}</p>
            <button
              type="button"
              className="k-btn k-btn-primary k-btn-block"
              onClick={() => {
                setFailed(false);
                setAttempt((a) => a + 1);
              }}
            >
              <BasicIcon name="refresh" size={18} />
              {t('common:actions.retry')}
            </button>
          </div>
        )}
      </section>
      <footer className="k-splash-foot">{t('splash.version', { version: __APP_VERSION__ })}</footer>
    </main>
  );
}
