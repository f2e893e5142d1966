import type { ReactNode } from 'react';
import { Figure } from '../../../components/figure.tsx';
import { Icon } from '../../../components/icon.tsx';
import { useTranslator } from '../../../lib/use-translator.ts';

export const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Figure label={label}>{children}</Figure>
);

export function ReviewRow({
  title,
  amount,
  chip,
  lines,
  reason,
  testid,
}: {
  title: string;
  amount: string;
  chip: ReactNode;
  lines: ReactNode[];
  reason?: string;
  testid: string;
}) {
  const { t } = useTranslator('money');
  return (
    <li className="k-rev" data-testid={testid}>
      <div className="k-rev-head">
        <span className="k-rev-title">
          <small>{title}</small>
          <b className="k-num" data-testid={`${testid}-amount`}>
            {amount}
          </b>
        </span>
        {chip}
      </div>
      <dl className="k-rev-lines">{lines}</dl>
      {reason && (
        <p className="k-rev-reason" data-testid={`${testid}-reason`}>
          <Icon name="alert" size={14} />
          <span>
            {t('records.reason')}: {reason}
          </span>
        </p>
      )}
    </li>
  );
}
