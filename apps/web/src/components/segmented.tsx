import './money.css';

interface SegmentedProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  label: string;
  testid: string;
}

/** Tabs as a segmented control (each segment at least 44 px tall). */
export function Segmented<T extends string>({ value, options, onChange, label, testid }: SegmentedProps<T>) {
  return (
    <div className="k-seg" role="tablist" aria-label={label} data-testid={testid}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className={`k-seg-item${o.value === value ? ' is-active' : ''}`}
          onClick={() => onChange(o.value)}
          data-testid={`${testid}-${o.value}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
