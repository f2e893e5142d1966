export * from './clock.ts';
export * from './currencies.ts';
export * from './markets/index.ts';
export * from './money.ts';
export * from './positions.ts';
export * from './products/draw.ts';
export * from './products/ipo-price.ts';
