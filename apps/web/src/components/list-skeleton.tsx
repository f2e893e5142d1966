/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 5, lines = 2 }: { rows?: number; lines?: number }) {
  return (
    <div className="k-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div className="k-skeleton-row" key={i}>
          <div className="k-skeleton-line is-title" />
          {Array.from({ length: lines - 1 }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <div className="k-skeleton-line" key={j} />
          ))}
        </div>
      ))}
    </div>
  );
}
