import type { Deps } from '../../deps.ts';
import type { QueueCounter, UserDetailContributor } from '../../shared/admin-contributors.ts';
import type { IdentityLookup } from '../../shared/identity.ts';
import type { OpenPositionsCheck } from '../../shared/positions.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import { type CardsService, cardsService } from './cards.service.ts';
import { depositsService } from './deposits.service.ts';
import { exchangeService } from './exchange.service.ts';
import * as wire from './funds.wire.ts';
import { recordsService } from './records.service.ts';
import { walletsService } from './wallets.service.ts';
import { withdrawalsService } from './withdrawals.service.ts';

/** The funds area's services, built from what it reads of other modules. */
export function fundsServices(
  deps: Deps,
  reads: { identity: IdentityLookup; hasOpenPositions: OpenPositionsCheck; stepUp: StepUpCheck },
) {
  const cards: CardsService = cardsService(deps, reads.identity, reads.stepUp);
  const deposits = depositsService(deps, reads.identity);
  const withdrawals = withdrawalsService(deps, reads);
  const exchange = exchangeService(deps);
  const records = recordsService(deps);
  const wallets = walletsService(deps);
  const pendingCounts: QueueCounter = async () => ({
    deposits: await deposits.pendingCount(),
    withdrawals: await withdrawals.pendingCount(),
  });
  const userDetail: UserDetailContributor = async (userId, ctx) =>
    wire.fundsDetailSections(await wallets.userDetail(userId, ctx));
  return { cards, deposits, withdrawals, exchange, records, wallets, pendingCounts, userDetail };
}

export type FundsServices = ReturnType<typeof fundsServices>;
