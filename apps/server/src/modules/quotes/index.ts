import type { MarketDataProvider } from '@kabuto/market';
import type { Deps } from '../../deps.ts';
import type { TickBus } from '../../shared/tick-bus.ts';
import type { Module } from '../module.ts';
import { quotesRoutes } from './quotes.routes.ts';
import { quotesService } from './quotes.service.ts';
import {
  type QuoteStream,
  quoteStream,
  type StreamOptions,
  type TickPublisher,
  tickPublisher,
} from './quotes.stream.ts';

export type { QuoteStream, StreamOptions, TickPublisher };

export interface QuotesOffers {
  /** The WebSocket side: every process streams the ticks it hears on the bus to its subscribers. */
  stream: QuoteStream;
  /** The leader publishes the market's ticks on the bus. */
  publisher: TickPublisher;
}

/** Quotes, rankings, the k-line, the watchlist, and the live quote stream. */
export function quotesModule(
  deps: Deps,
  needs: { market: MarketDataProvider; bus: TickBus; stream?: StreamOptions },
): Module<QuotesOffers> {
  const quotes = quotesService(deps, needs.market);
  const stream = quoteStream(deps, needs.market, needs.bus, needs.stream);
  const publisher = tickPublisher(needs.market, needs.bus);
  return {
    name: 'quotes',
    offers: { stream, publisher },
    routes: (kit) => quotesRoutes(kit, quotes),
    close() {
      publisher.stop();
      stream.close();
    },
  };
}
