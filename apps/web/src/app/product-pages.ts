/**
 * The product screens — new shares, block trades, after-market trades, copy trading, day trading — loaded together as one chunk
 * (one import keeps the route table, part of the first screen, small; and their shared draw proof,
 * `components/draw-proof.tsx`, rides inside it instead of in a chunk of its own).
 */

export { LargeInfoPage } from '../features/block-trades/pages/large-info-page.tsx';
export { LargePage } from '../features/block-trades/pages/large-page.tsx';
export { Large2Page } from '../features/block-trades/pages/large2-page.tsx';
export { Large3Page } from '../features/block-trades/pages/large3-page.tsx';
export { FollowOrderPage } from '../features/copy-trade/pages/follow-order-page.tsx';
export { FollowPage } from '../features/copy-trade/pages/follow-page.tsx';
export { WithinDaysPage } from '../features/day-trading/pages/within-days-page.tsx';
export { NewShareInfoPage } from '../features/new-shares/pages/new-share-info-page.tsx';
export { NewShareOrderPage } from '../features/new-shares/pages/new-share-order-page.tsx';
export { NewSharePage } from '../features/new-shares/pages/new-share-page.tsx';
