/**
 * A period's two dates (from, to), each bounded by the other, as the statement forms ask for it (the
 * records' CSV statement, the statement of balances). `testid` prefixes the fields' test ids
 * (`<testid>-start`, `<testid>-end`).
 */
export function DateRangeFields({
  start,
  end,
  onStart,
  onEnd,
  fromLabel,
  toLabel,
  testid,
}: {
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  fromLabel: string;
  toLabel: string;
  testid: string;
}) {
  return (
    <div className="k-date-pair">
      <label>
        <span className="k-label">{fromLabel}</span>
        <input
          type="date"
          className="k-date"
          value={start}
          max={end}
          onChange={(e) => onStart(e.target.value)}
          data-testid={`${testid}-start`}
        />
      </label>
      <label>
        <span className="k-label">{toLabel}</span>
        <input
          type="date"
          className="k-date"
          value={end}
          min={start}
          onChange={(e) => onEnd(e.target.value)}
          data-testid={`${testid}-end`}
        />
      </label>
    </div>
  );
}
