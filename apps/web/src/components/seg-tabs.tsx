import './quotes.css';

export interface SegTab<K extends string> {
  key: K;
  label: string;
}

/** A row of underline tabs that scrolls sideways when it does not fit. */
export function SegTabs<K extends string>({
  tabs,
  active,
  onChange,
  testId = 'tab',
  className = '',
}: {
  tabs: readonly SegTab<K>[];
  active: K;
  onChange: (key: K) => void;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`k-seg-tabs ${className}`} role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={tab.key === active ? 'is-active' : ''}
          onClick={() => onChange(tab.key)}
          data-testid={`${testId}-${tab.key}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
