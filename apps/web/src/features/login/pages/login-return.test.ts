import { describe, expect, it } from 'vitest';
import { returnPath } from './login-page.tsx';

describe('signing in again', () => {
  it('leads back to the page that sent the user to login, else home', () => {
    expect(returnPath({ from: '/position/info?id=12&type=jpy' })).toBe('/position/info?id=12&type=jpy');
    expect(returnPath({ from: '/mine/myPage' })).toBe('/mine/myPage');
    expect(returnPath(null)).toBe('/home/index');
    expect(returnPath({})).toBe('/home/index');
    // never back to login itself, never off the app
    expect(returnPath({ from: '/login/login' })).toBe('/home/index');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/home/index');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/home/index');
  });
});
