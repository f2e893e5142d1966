/**
 * The product screens — new shares, block trades, after-market trades, copy trading, day trading — loaded together as one chunk
 * (one import keeps the route table, part of the first screen, small; and their shared draw proof,
 * `components/draw-proof.tsx`, rides inside it instead of in a chunk of its own).
 */

export { AfterMarketPage } from '../features/block-trades/pages/after-market-page.tsx';
export { BlockSubscriptionsPage } from '../features/block-trades/pages/block-subscriptions-page.tsx';
export { BlockTradeInfoPage } from '../features/block-trades/pages/block-trade-info-page.tsx';
export { BlockTradesPage } from '../features/block-trades/pages/block-trades-page.tsx';
export { CopyTradeOrdersPage } from '../features/copy-trade/pages/copy-trade-orders-page.tsx';
export { CopyTradePage } from '../features/copy-trade/pages/copy-trade-page.tsx';
export { DayTradingPage } from '../features/day-trading/pages/day-trading-page.tsx';
export { NewShareInfoPage } from '../features/new-shares/pages/new-share-info-page.tsx';
export { NewShareOrderPage } from '../features/new-shares/pages/new-share-order-page.tsx';
export { NewSharePage } from '../features/new-shares/pages/new-share-page.tsx';
