/**
 * The block-trade and after-market screens, loaded together as one chunk (one import keeps the route
 * table — part of the first screen — small).
 */

export { LargeInfoPage } from '../features/block-trades/pages/large-info-page.tsx';
export { LargePage } from '../features/block-trades/pages/large-page.tsx';
export { Large2Page } from '../features/block-trades/pages/large2-page.tsx';
export { Large3Page } from '../features/block-trades/pages/large3-page.tsx';
