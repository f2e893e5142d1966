import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';

/**
 * A rule that stops a form, shown before the form: what is needed and a link to what unlocks it
 * (identity verification, the positions to close, support).
 */
export function GateBanner({
  title,
  children,
  to,
  action,
  testid,
}: {
  title: string;
  children?: ReactNode;
  to?: string;
  action?: string;
  testid: string;
}) {
  return (
    <section className="k-gate" role="note" data-testid={testid}>
      <Icon name="alert" size={20} />
      <div className="k-gate-text">
        <strong>{title}</strong>
        {children && <p>{children}</p>}
        {to && action && (
          <Link className="k-gate-link" to={to} data-testid={`${testid}-link`}>
            {action}
            <Icon name="right" size={14} />
          </Link>
        )}
      </div>
    </section>
  );
}
