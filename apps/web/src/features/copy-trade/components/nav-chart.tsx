import { useTranslator } from '../../../lib/use-translator.ts';

interface Point {
  date: string;
  nav: number;
  target: number;
}

const W = 320;
const H = 140;
const PAD = 6;

/**
 * The product's real NAV at each close (solid) against the line its stated daily target would have drawn
 * (dashed). A plain SVG: two polylines scaled to the box, no chart library.
 */
export function NavChart({ points }: { points: readonly Point[] }) {
  const { t } = useTranslator('copyTrade');
  if (points.length < 2) return <p className="k-home-muted">{t('historyShort')}</p>;
  const values = points.flatMap((p) => [p.nav, p.target]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / (points.length - 1);
  const y = (v: number) => PAD + ((max - v) * (H - 2 * PAD)) / span;
  const line = (pick: (p: Point) => number) =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="k-ct-chart" data-testid="nav-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('chartLabel')} preserveAspectRatio="none">
        <polyline className="k-ct-target" points={line((p) => p.target)} />
        <polyline className="k-ct-nav" points={line((p) => p.nav)} data-testid="nav-line" />
      </svg>
      <figcaption>
        <span>{first.date}</span>
        <span className="k-ct-legend">
          <i className="k-ct-key-nav" /> {t('nav')} {last.nav.toFixed(4)}
        </span>
        <span className="k-ct-legend">
          <i className="k-ct-key-target" /> {t('target')} {last.target.toFixed(4)}
        </span>
        <span>{last.date}</span>
      </figcaption>
    </figure>
  );
}
