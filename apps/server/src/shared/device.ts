import { isIP } from 'node:net';
import type { MsgKey } from '@kabuto/contract';

/**
 * What a sign-in notice and the device list say about a session: the browser and system named in its
 * user agent, and where its address is — only as far as the address itself tells, without a geolocation
 * service: this server itself (loopback), a local network (private, link-local, unique-local, CGNAT), or
 * the internet with the region left undetermined.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\b(?:HeadlessChrome|Chromium|Chrome)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome 142 / Android"; "" when the user agent names neither (the client shows "unknown device"). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = BROWSERS.find(([re]) => re.test(userAgent));
  const system = SYSTEMS.find(([re]) => re.test(userAgent));
  const b = browser ? `${browser[1]} ${browser[0].exec(userAgent)?.[1] ?? ''}`.trim() : '';
  const s = system ? system[1] : '';
  return [b, s].filter(Boolean).join(' / ');
}

const v4 = (ip: string) => ip.split('.').map(Number);

/** The coarse place of an address, as a msg key. */
export function coarseLocation(ip: string | null): MsgKey {
  if (!ip) return 'location.unknown';
  const addr = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(addr) === 4) {
    const [a, b] = v4(addr);
    if (a === 127) return 'location.loopback';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'location.local';
    if ((a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) return 'location.local';
    return 'location.unknown';
  }
  if (isIP(addr) === 6) {
    const lower = addr.toLowerCase();
    if (lower === '::1') return 'location.loopback';
    if (/^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower)) return 'location.local';
  }
  return 'location.unknown';
}

/** The address with its host part hidden: 203.0.113.x, 2001:db8:1::x. */
export function maskIp(ip: string | null): string {
  if (!ip) return '';
  const addr = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(addr) === 4) return `${addr.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(addr) === 6) return `${addr.split(':').slice(0, 3).join(':')}::x`;
  return '';
}
