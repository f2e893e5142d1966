import './money.css';
import type { SVGProps } from 'react';
import { LineIcon } from './icon.tsx';

/**
 * Line icons only the money screens use, drawn by components/icon.tsx's LineIcon;
 * kept here so the first screen does not carry them.
 */
const PATHS = {
  clock: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 7.5V12l3 2',
  download: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14',
  trash: 'M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10.5 11v5.5M13.5 11v5.5',
  edit: 'M4.5 19.5h4l10-10-4-4-10 10zM13 7l4 4',
  swap: 'M8 4v16M4.5 7.5 8 4l3.5 3.5M16 20V4M12.5 16.5 16 20l3.5-3.5',
} as const;

export type MoneyIconName = keyof typeof PATHS;

interface MoneyIconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: MoneyIconName;
  size?: number;
}

export function MoneyIcon({ name, ...rest }: MoneyIconProps) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}
