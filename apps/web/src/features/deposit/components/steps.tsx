import { Icon } from '../../../components/icon.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';

/** Deposit steps: amount → transfer → proof. */
export function Steps({ current }: { current: 0 | 1 }) {
  const { t } = useTranslator('money');
  const steps = [t('deposit.step1'), t('deposit.step2')];
  return (
    <ol className="k-steps" aria-label={t('deposit.steps')}>
      {steps.map((label, i) => (
        <li
          key={label}
          className={i < current ? 'is-done' : i === current ? 'is-current' : ''}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="k-step-num">{i < current ? <Icon name="check" size={14} /> : i + 1}</span>
          {label}
        </li>
      ))}
    </ol>
  );
}
