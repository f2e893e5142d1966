import type { ReactNode } from 'react';

export interface FigureProps {
  label: ReactNode;
  children: ReactNode;
  /** Classes of the value (`k-num`, a trend colour). */
  className?: string;
  testid?: string;
}

/** One labelled figure of a `<dl>` grid: `<div><dt>label</dt><dd>value</dd></div>`. */
export function Figure({ label, children, className, testid }: FigureProps) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className} data-testid={testid}>
        {children}
      </dd>
    </div>
  );
}
