import type { SVGProps } from 'react';
import { BASIC_PATHS, LineIcon, registerIconPaths } from './line-icon.tsx';

export { LineIcon };

/**
 * Line icons (24×24, stroke = currentColor). Drawn for this app so the first screen needs no icon
 * library; every icon is a few path commands.
 */
const PATHS = {
  ...BASIC_PATHS,
  home: 'M3.5 10.5 12 3.5l8.5 7M5.5 9v11h5v-6h3v6h5V9',
  star: 'm12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z',
  pie: 'M12 3.5a8.5 8.5 0 1 0 8.5 8.5H12zM14.5 3.8v5.7h5.7a8.5 8.5 0 0 0-5.7-5.7z',
  news: 'M4 5h12v14H6a2 2 0 0 1-2-2zM16 9h4v8a2 2 0 0 1-4 0M7 9h6M7 12.5h6M7 16h4',
  menu: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z',
  bell: 'M6 17V11a6 6 0 0 1 12 0v6l1.5 1.5h-15zM10 20.5a2.2 2.2 0 0 0 4 0',
  mail: 'M3.5 6h17v12h-17zM3.5 6.5 12 13l8.5-6.5',
  headset: 'M4.5 14v-2a7.5 7.5 0 0 1 15 0v2M4.5 14h3v5h-3zM16.5 14h3v5h-3zM19.5 19c0 1.2-1.5 2-4 2h-2',
  idcard:
    'M3.5 5.5h17v13h-17zM7 10a2 2 0 1 0 4 0 2 2 0 0 0-4 0M6 15.5c.6-1.6 1.9-2.3 3-2.3s2.4.7 3 2.3M14 10h4M14 13.5h3',
  info: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 11v5.5M12 7.8v.01',
  shield: 'M12 3.5 19 6v5.5c0 4.3-2.9 7.7-7 9-4.1-1.3-7-4.7-7-9V6zM9 12l2.2 2.2L15.5 10',
  file: 'M6 3.5h8l4 4v13H6zM14 3.5v4h4M9 12h6M9 15.5h6',
  logout: 'M14 4.5H5.5v15H14M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5',
  right: 'm9.5 5.5 6.5 6.5-6.5 6.5',
  left: 'm14.5 5.5-6.5 6.5 6.5 6.5',
  close: 'M6 6l12 12M18 6 6 18',
  deposit: 'M12 3.5v10M8 9.5l4 4 4-4M4 14.5v5h16v-5',
  withdraw: 'M12 13.5v-10M8 7.5l4-4 4 4M4 14.5v5h16v-5',
  loan: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM8.5 7.5 12 12l3.5-4.5M8.5 12.5h7M8.5 15.5h7M12 12v5.5',
  records: 'M5.5 3.5h13v17h-13zM8.5 8h7M8.5 12h7M8.5 16h4',
  bank: 'M3.5 9 12 4l8.5 5zM5.5 10v7.5M9.5 10v7.5M14.5 10v7.5M18.5 10v7.5M3.5 20h17',
  ipo: 'M12 3.5c3 2 4.5 5 4.5 8.5l-1.5 4h-6L7.5 12c0-3.5 1.5-6.5 4.5-8.5zM12 9.5v.01M9.5 18.5 8 21M14.5 18.5 16 21M12 18.5V21',
  block: 'M12 3.5 20 8v8l-8 4.5L4 16V8zM4 8l8 4.5L20 8M12 12.5v8',
  quant: 'M4 19.5h16M6 16l4-5 3 3 5-7M15 7h3v3',
  daytrade:
    'M12 6.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M12 9.5V12l1.8 1.5',
  exchange: 'M5 8.5h13M15 5l3.5 3.5L15 12M19 15.5H6M9 12l-3.5 3.5L9 19',
  ai: 'M5.5 7.5h13v11h-13zM12 7.5V4.5M9.5 12v.01M14.5 12v.01M9.5 15.5h5M3 11.5v3M21 11.5v3',
  aftermarket: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  copy: 'M8.5 8.5h11v11h-11zM15.5 8.5v-4h-11v11h4',
  inbox: 'M3.5 13.5 6 5.5h12l2.5 8v5h-17zM3.5 13.5H9l1 2h4l1-2h5.5',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20.5 20.5',
  plus: 'M12 5v14M5 12h14',
  order: 'M6 3.5h12v17H6zM9 8h6M9 12h6M9 16h3',
} as const;

registerIconPaths(PATHS);

export type IconName = keyof typeof PATHS;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
}

export function Icon({ name, ...rest }: IconProps) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}
