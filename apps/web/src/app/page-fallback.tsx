import { useLocation } from 'react-router';

const HOME = '/home/index';

/**
 * Shown while a screen's code loads for the first time (deep links, and the first screen after login;
 * later navigations keep the old screen). Home, where every session lands, gets the outline of its
 * sections instead of a bare spinner, so the wait on a slow link has a shape. Lives in the entry chunk
 * with its styles (styles/base.css): it must paint before any lazy chunk arrives.
 */
export function PageFallback() {
  const { pathname } = useLocation();
  if (pathname.toLowerCase() === HOME) return <HomeSkeleton />;
  return (
    <div className="k-fallback" aria-busy="true">
      <div className="k-spinner" />
    </div>
  );
}

/** The outline of home: header band, welcome card, three index cards, the shortcut grid, two lists. */
export function HomeSkeleton() {
  return (
    <div className="k-home-skeleton" aria-busy="true" data-testid="home-skeleton">
      <div className="k-sk-band">
        <div className="k-sk-header">
          <span className="k-sk-block is-logo" />
          <span className="k-sk-block is-search" />
        </div>
        <div className="k-sk-card is-welcome">
          <span className="k-sk-block is-line-short" />
          <span className="k-sk-block is-line-title" />
        </div>
      </div>
      <div className="k-sk-indices">
        {[0, 1, 2].map((i) => (
          <div className="k-sk-card is-index" key={i}>
            <span className="k-sk-block is-line-short" />
            <span className="k-sk-block is-line-title" />
            <span className="k-sk-block is-line-short" />
          </div>
        ))}
      </div>
      <div className="k-sk-card is-grid">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <span className="k-sk-shortcut" key={i}>
            <span className="k-sk-block is-icon" />
            <span className="k-sk-block is-label" />
          </span>
        ))}
      </div>
      <div className="k-sk-card is-list">
        {[0, 1, 2, 3].map((i) => (
          <span className="k-sk-row" key={i}>
            <span className="k-sk-block is-line-title" />
            <span className="k-sk-block is-line-num" />
          </span>
        ))}
      </div>
    </div>
  );
}
