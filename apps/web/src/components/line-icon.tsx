import type { SVGProps } from 'react';

/**
 * The icons of the first screen (splash, login, register, the not-found and error screens), apart from
 * the app's full set (icon.tsx), so the first screen carries a handful of paths instead of all of them.
 */
export const BASIC_PATHS = {
  globe:
    'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM3.5 12h17M12 3.5c2.4 2.3 3.5 5.2 3.5 8.5s-1.1 6.2-3.5 8.5c-2.4-2.3-3.5-5.2-3.5-8.5S9.6 5.8 12 3.5z',
  alert: 'M12 3.5 21 19.5H3zM12 10v4.5M12 17v.01',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  refresh: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4.5H15',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  eyeOff:
    'M4 4l16 16M9.9 5.8A9.8 9.8 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-2.7 3.5M6.4 7.1C3.9 8.8 2.5 12 2.5 12S6 18.5 12 18.5c1.6 0 3-.4 4.2-1.1M10 10a3 3 0 0 0 4 4',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4.5 20.5c.9-3.6 3.8-5.5 7.5-5.5s6.6 1.9 7.5 5.5',
  lock: 'M5.5 10.5h13v10h-13zM8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5',
  key: 'M7 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM10.5 12H21M17.5 12v3.5M20.5 12v2.5',
} as const;

export type BasicIconName = keyof typeof BASIC_PATHS;

/** A 24×24 line icon from one SVG path (stroke = currentColor); feature icon sets draw through it. */
export function LineIcon({
  d,
  size = 22,
  strokeWidth = 1.8,
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'd'> & { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

const known: Record<string, string> = { ...BASIC_PATHS };

/** The full set (icon.tsx) adds its paths as it loads; every screen behind login has it loaded. */
export function registerIconPaths(paths: Readonly<Record<string, string>>): void {
  Object.assign(known, paths);
}

/**
 * An icon by name for shared pieces the first screen uses too (TextField): the first screen's own
 * icons at once, the others once icon.tsx has loaded.
 */
export function NamedIcon({
  name,
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'name' | 'd'> & { name: string; size?: number }) {
  return <LineIcon d={known[name] ?? ''} {...rest} />;
}

/** One of the first screen's icons. */
export function BasicIcon({
  name,
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'name' | 'd'> & { name: BasicIconName; size?: number }) {
  return <LineIcon d={BASIC_PATHS[name]} {...rest} />;
}
