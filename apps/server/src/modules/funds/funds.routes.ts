import { adminApi, fundsApi } from '@kabuto/contract';
import type { Deps } from '../../deps.ts';
import { ok, pageOf } from '../../lib/reply.ts';
import type { AdminRouteKit } from '../../plugins/admin-routes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { RouteKit } from '../../plugins/routes.ts';
import { stepUpProof } from '../../shared/step-up.ts';
import { signedUploadUrl } from '../../shared/uploads.ts';
import type { FundsServices } from './funds.service.ts';
import * as wire from './funds.wire.ts';

export function fundsRoutes(kit: RouteKit, deps: Deps, m: FundsServices): void {
  // ---- bank cards
  kit.post(fundsApi.cards, async (req) => ok(pageOf(await m.cards.list(currentUser(req).id), req.body)));
  kit.post(fundsApi.addCard, async (req) =>
    ok(await m.cards.add(currentUser(req), wire.cardInput(req.body), stepUpProof(req)), 'ok.added'),
  );
  kit.post(fundsApi.editCard, async (req) => {
    await m.cards.edit(currentUser(req), req.body.bankid, wire.cardInput(req.body), stepUpProof(req));
    return ok(null, 'ok.changed');
  });
  kit.post(fundsApi.removeCard, async (req) => {
    await m.cards.remove(currentUser(req), req.body.bankid, stepUpProof(req));
    return ok(null, 'ok.unbound');
  });

  // ---- deposits
  kit.post(fundsApi.depositChannels, async (req) =>
    ok((await m.deposits.channels(req.body.type)).map(wire.channelRow)),
  );
  kit.post(
    fundsApi.depositCheck,
    async (req) =>
      ok(wire.precheckReply(await m.deposits.precheck(currentUser(req).id, wire.depositInput(req.body)))),
    {
      // the channel password must not be guessable by trying
      rateLimit: {
        max: deps.env.RATE_LIMIT_MONEY,
        timeWindow: '1 minute',
        keyGenerator: (req) =>
          typeof req.headers.token === 'string' ? `t${req.headers.token.slice(0, 128)}` : req.ip,
      },
    },
  );
  kit.post(fundsApi.deposit, async (req) =>
    ok(
      wire.filedReply(
        await m.deposits.submit(currentUser(req).id, wire.depositSubmission(req.body), req.idempotency),
      ),
      'ok.depositSubmitted',
    ),
  );
  kit.post(fundsApi.deposits, async (req) => {
    const user = currentUser(req);
    const rows = await m.deposits.list(user.id, req.body.type, (name) =>
      signedUploadUrl(user, name, deps.clock.now()),
    );
    return ok(pageOf(rows, req.body).map(wire.depositRow));
  });

  // ---- withdrawals
  kit.post(fundsApi.withdraw, async (req) =>
    ok(
      wire.filedReply(
        await m.withdrawals.request(
          currentUser(req),
          wire.withdrawalInput(req.body),
          req.idempotency,
          stepUpProof(req),
        ),
      ),
      'ok.withdrawSubmitted',
    ),
  );
  kit.post(fundsApi.withdrawable, async (req) =>
    ok(wire.withdrawableReply(await m.withdrawals.withdrawable(currentUser(req).id, req.body.type))),
  );
  kit.post(fundsApi.withdrawals, async (req) =>
    ok(
      pageOf(await m.withdrawals.list(currentUser(req).id, req.body.type), req.body).map(wire.withdrawalRow),
    ),
  );

  // ---- exchange
  kit.post(fundsApi.exchangeRate, async (req) =>
    ok(await m.exchange.preview({ amount: req.body.money, from: req.body.from, to: req.body.to })),
  );
  kit.post(fundsApi.exchange, async (req) =>
    ok(
      await m.exchange.exchange(currentUser(req).id, wire.exchangeInput(req.body), req.idempotency),
      'ok.exchanged',
    ),
  );

  // ---- fund records
  kit.post(fundsApi.records, async (req) => {
    const page = await m.records.list(currentUser(req).id, { ...req.body, page: req.body.page ?? 1 });
    // the family's clients ask for no page and read an array; a request for a page gets {list, total}
    return ok(req.body.page === undefined ? page.list : page);
  });
  kit.post(fundsApi.statement, async (req) => ok(await m.records.statement(currentUser(req).id, req.body)));

  // ---- product lists whose frozen amounts count in the assets live with their areas: copy-trade orders
  // (/trade/userproductlist) in modules/copy-trade, IPO subscriptions in modules/new-shares, block-trade
  // subscriptions (/trade/ustockslist) in modules/block-trades.
}

/** The back office's deposit and withdrawal queues and the deposit channels. */
export function fundsAdminRoutes(adminKit: AdminRouteKit, m: FundsServices): void {
  adminKit.post(adminApi.depositList, 'reviewer', async (req, op) =>
    ok(await m.deposits.queue(req.body, (name) => adminKit.signedPath(op, `/uploads/${name}`))),
  );
  adminKit.post(adminApi.depositDecide, 'reviewer', async (req, op) => {
    await m.deposits.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
  adminKit.post(adminApi.withdrawalList, 'reviewer', async (req) => ok(await m.withdrawals.queue(req.body)));
  adminKit.post(adminApi.withdrawalDecide, 'reviewer', async (req, op) => {
    await m.withdrawals.decide(op, req.body);
    return ok(null, 'ok.decided');
  });
  adminKit.post(adminApi.channelList, 'reviewer', async () => ok(await m.deposits.adminChannels()));
  adminKit.post(adminApi.channelSave, 'admin', async (req, op) =>
    ok(await m.deposits.saveChannel(op, req.body), 'ok.changed'),
  );
}
