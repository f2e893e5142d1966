import { API_DB_KINDS } from '@kabuto/db/testing';
import { interestFor } from '@kabuto/domain';
import { checkInvariants, transfersByRef, userBalance } from '@kabuto/ledger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  readyUser,
  type Session,
  T0,
  type TestApp,
} from './support/app.ts';
import { u } from './support/units.ts';

const DAY = 86_400_000;

describe('loan interest', () => {
  it('is principal × annual rate × days / 365, rounded up to the minor unit', () => {
    expect(interestFor(u('100000'), 80_000n, 1, 'jpy')).toBe(u('22')); // 21.92 → 22
    expect(interestFor(u('100000'), 80_000n, 30, 'jpy')).toBe(u('658')); // 657.53 → 658
    expect(interestFor(u('365000'), 80_000n, 365, 'jpy')).toBe(u('29200'));
    expect(interestFor(u('1000'), 80_000n, 1, 'usd')).toBe(u('0.22')); // 0.2192 → 0.22
    expect(interestFor(u('1'), 0n, 10, 'jpy')).toBe(0n);
  });
});

describe.each(API_DB_KINDS)('loans on %s', (kind) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
  });
  afterEach(async () => {
    t.clock.set(T0);
    expect((await checkInvariants(t.db)).violations).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const userId = async (s: Session) =>
    (
      await t.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', s.account)
        .executeTakeFirstOrThrow()
    ).id;
  const info = async (s: Session) =>
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
  const credit = (id: bigint, limit: string, score = 70) =>
    t.admin('/users/credit', { id: String(id), score, currency: 'jpy', limit, reason: '審査済み' }, op);
  const pendingLoan = async (s: Session) =>
    expectOk(await t.admin('/loans/list', { status: 'pending', size: 200 }, op)).list.find(
      (l: { account: string }) => l.account === s.account,
    );

  it('shows the terms before applying', async () => {
    const d = await t.demo();
    const terms = expectOk(
      await t.call('/user/loaninfo', { type: 'jpy', money: '100000' }, { token: d.token }),
    );
    expect(terms).toEqual({
      type: 'jpy',
      xyf: 80,
      kjed: '1000000.0000',
      yjed: '0.0000',
      available: '1000000.0000',
      rate: '8.00',
      pending: false,
      unpaid: false,
      daily_interest: '22.0000',
      interest_30d: '658.0000',
      verified: true,
      limit_source: 'operator',
      tiers: [
        { score: 60, limit: '100000.0000' },
        { score: 80, limit: '300000.0000' },
        { score: 90, limit: '500000.0000' },
        { score: 100, limit: '1000000.0000' },
      ],
    });
    const fresh = await t.newUser();
    expect(expectOk(await t.call('/user/loaninfo', {}, { token: fresh.token }))).toMatchObject({
      xyf: 60,
      kjed: '0.0000',
      available: '0.0000',
      verified: false,
      limit_source: 'none',
    });
  });

  it('gives verified users a starting limit by the credit-score rule; an operator’s limit replaces it', async () => {
    const s = await readyUser(t, { realname: '小林 健', opToken: op });
    const id = await userId(s);
    const terms = async (type = 'jpy') =>
      expectOk(await t.call('/user/loaninfo', { type }, { token: s.token }));
    // default score 60 → the ¥100,000 tier; other wallets at the reference rate (¥155.20/USD)
    expect(await terms()).toMatchObject({
      xyf: 60,
      kjed: '100000.0000',
      limit_source: 'rule',
      verified: true,
    });
    expect(await terms('usd')).toMatchObject({ kjed: '644.3200', limit_source: 'rule' });
    // getUserinfo tells the same limits as the loan page
    const info = async () => expectOk(await t.call('/user/getUserinfo', {}, { token: s.token }));
    expect(await info()).toMatchObject({ xyf: 60, jpykjed: '100000.0000', usdkjed: '644.3200' });
    expectRefusal(
      await t.money('/user/to_jq', { type: 'jpy', money: '100001' }, s),
      'loan.insufficientQuota',
    );
    // a higher score reaches a higher tier (the operator sets the score, audited)
    expectOk(
      await t.admin('/users/credit', { id: String(id), score: 85, currency: 'jpy', reason: '取引実績' }, op),
    );
    expect(await terms()).toMatchObject({ xyf: 85, kjed: '300000.0000', limit_source: 'rule' });
    expectOk(await credit(id, '20000', 85));
    expect(await terms()).toMatchObject({ kjed: '20000.0000', limit_source: 'operator' });
    expect(await terms('usd')).toMatchObject({ kjed: '1932.9800', limit_source: 'rule' });
    expect(await info()).toMatchObject({ xyf: 85, jpykjed: '20000.0000', usdkjed: '1932.9800' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'user.credit')
      .where('target', '=', `user:${s.account}`)
      .execute();
    expect(audit).toHaveLength(2);
    // the rule's settings: no tier reached → no limit
    expectOk(
      await t.admin(
        '/config/set',
        { name: 'loan_limit_tiers', value: JSON.stringify([{ score: 90, limit: '50000' }]), reason: 'r' },
        op,
      ),
    );
    expect(await terms('usd')).toMatchObject({ kjed: '0.0000', limit_source: 'none' });
    expect(await info()).toMatchObject({ jpykjed: '20000.0000', usdkjed: '0.0000' });
    expectOk(
      await t.admin(
        '/config/set',
        {
          name: 'loan_limit_tiers',
          value: JSON.stringify([
            { score: 60, limit: '100000' },
            { score: 80, limit: '300000' },
            { score: 90, limit: '500000' },
            { score: 100, limit: '1000000' },
          ]),
          reason: 'r',
        },
        op,
      ),
    );
  });

  it('applies → approved (platform loans → cash, owed in the ledger) → repaid with interest', async () => {
    const s = await readyUser(t, { realname: '長谷川 誠', opToken: op });
    const id = await userId(s);
    expectRefusal(
      await t.money('/user/to_jq', { type: 'jpy', money: '100001' }, s),
      'loan.insufficientQuota',
    );
    expectOk(await credit(id, '300000'));
    expect(await info(s)).toMatchObject({ xyf: 70, jpykjed: '300000.0000', jpyyjed: '0.0000' });
    expectRefusal(
      await t.money('/user/to_jq', { type: 'jpy', money: '300001' }, s),
      'loan.insufficientQuota',
    );
    expectRefusal(await t.money('/user/to_jq', { type: 'jpy', money: '1000.5' }, s), 'money.minorUnit');
    const r = await t.money('/user/to_jq', { type: 'jpy', money: '200000' }, s);
    expect(r.body.code).toBe('ok.borrowed');
    const loan = expectOk(r);
    expectRefusal(await t.money('/user/to_jq', { type: 'jpy', money: '1000' }, s), 'loan.pending');
    // nothing moves before approval
    expect((await info(s)).jpy).toBe('0.0000');
    expect(expectOk(await t.call('/user/loanlist', { type: 'jpy' }, { token: s.token }))).toMatchObject([
      { id: loan.id, money: '200000.0000', status: 0, rate: '8.00' },
    ]);
    const queued = await pendingLoan(s);
    expect(queued).toMatchObject({ amount: '200000.0000', credit_score: 70, limit: '300000.0000' });
    expectOk(await t.admin('/loans/decide', { id: loan.id, approve: true }, op));
    expectRefusal(
      await t.admin('/loans/decide', { id: loan.id, approve: true }, op),
      'review.alreadyDecided',
    );
    expect(await info(s)).toMatchObject({
      jpy: '200000.0000',
      jpyyjed: '200000.0000',
      jpykjed: '300000.0000',
    });
    const b = await userBalance(t.db, id, 'jpy');
    expect(b.owed).toBe(u('200000'));
    expect((await transfersByRef(t.db, `loan:${loan.id}`)).map((x) => x.code)).toEqual(['loan', 'loan']);
    expect(expectOk(await t.call('/user/notice', { lang: 'us' }, { token: s.token }))[0].title).toBe(
      'Loan paid out',
    );
    // an unpaid loan blocks a new application (configurable)
    expectRefusal(await t.money('/user/to_jq', { type: 'jpy', money: '1000' }, s), 'loan.unpaid');

    // ten days later: 200,000 × 8 % × 10 / 365 = 438.36 → 439
    t.clock.advance(10 * DAY);
    const token = expectOk(await t.call('/user/login', { account: s.account, password: s.password })).token;
    const s2 = { ...s, token };
    expect(expectOk(await t.call('/user/loanlist', {}, { token }))[0]).toMatchObject({
      status: 1,
      interest: '439.0000',
    });
    const lt = await t.money('/user/to_hq', { type: 'jpy', money: '199999' }, s2);
    expectRefusal(lt, 'loan.repayLessThanLoan');
    expect(lt.body.params).toEqual({ due: '200439' });
    expectRefusal(await t.money('/user/to_hq', { type: 'jpy', money: '200438' }, s2), 'loan.repayDue');
    // not enough cash for principal + interest
    expectRefusal(
      await t.money('/user/to_hq', { type: 'jpy', money: '300000' }, s2),
      'money.insufficientAvailable',
    );
    const { fundUser } = await import('./support/app.ts');
    await fundUser(t, s2, '10000', 'jpy', await t.adminLogin());
    const repaid = expectOk(await t.money('/user/to_hq', { type: 'jpy', money: '300000' }, s2));
    expect(repaid).toMatchObject({ principal: '200000.0000', interest: '439.0000', total: '200439.0000' });
    expect(await info(s2)).toMatchObject({ jpy: '9561.0000', jpyyjed: '0.0000' });
    expect((await userBalance(t.db, id, 'jpy')).owed).toBe(0n);
    expect(expectOk(await t.call('/user/loanlist', {}, { token }))[0]).toMatchObject({
      status: 3,
      interest: '439.0000',
    });
    const recs = expectOk(await t.call('/user/capitalloglist', { page: 1 }, { token }));
    expect(
      recs.list
        .slice(0, 2)
        .map((r: { kind: string; money: string }) => [r.kind, r.money])
        .sort(),
    ).toEqual([
      ['interest', '-439.0000'],
      ['repay', '-200000.0000'],
    ]);
    expectRefusal(await t.money('/user/to_hq', { type: 'jpy', money: '1' }, s2), 'loan.notFound');
  });

  it('needs a verified identity, and an account that is not restricted', async () => {
    const plain = await t.newUser();
    expectRefusal(await t.money('/user/to_jq', { type: 'jpy', money: '1000' }, plain), 'kyc.required');
    const s = await readyUser(t, { realname: '村上 愛', opToken: op });
    const id = await userId(s);
    expectOk(await credit(id, '50000'));
    expectOk(await t.admin('/users/state', { id: String(id), state: 'restricted', reason: '確認中' }, op));
    expectRefusal(await t.money('/user/to_jq', { type: 'jpy', money: '1000' }, s), 'account.restricted');
  });

  it('rejects with a reason, and re-checks the limit when approving', async () => {
    const s = await readyUser(t, { realname: '近藤 光', opToken: op });
    const id = await userId(s);
    expectOk(await credit(id, '100000'));
    const a = expectOk(await t.money('/user/to_jq', { type: 'jpy', money: '80000' }, s));
    expectRefusal(await t.admin('/loans/decide', { id: a.id, approve: false }, op), 'admin.reasonRequired');
    expectOk(
      await t.admin('/loans/decide', { id: a.id, approve: false, reason: '収入の確認が必要です' }, op),
    );
    expect(expectOk(await t.call('/user/loanlist', {}, { token: s.token }))[0]).toMatchObject({
      status: 2,
      reason: '収入の確認が必要です',
    });
    expect(expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: s.token }))[0].title).toBe(
      '借入申請が却下されました',
    );
    const b = expectOk(await t.money('/user/to_jq', { type: 'jpy', money: '80000' }, s));
    expectOk(await credit(id, '50000'));
    expectRefusal(await t.admin('/loans/decide', { id: b.id, approve: true }, op), 'loan.insufficientQuota');
    expect((await info(s)).jpy).toBe('0.0000');
  });

  it('allows several unpaid loans up to the limit when configured so', async () => {
    const s = await readyUser(t, { realname: '遠藤 駿', opToken: op });
    const id = await userId(s);
    expectOk(await credit(id, '100000'));
    expectOk(await t.admin('/config/set', { name: 'loan_block_unpaid', value: 'false', reason: 'test' }, op));
    try {
      const a = expectOk(await t.money('/user/to_jq', { type: 'jpy', money: '60000' }, s));
      expectOk(await t.admin('/loans/decide', { id: a.id, approve: true }, op));
      expectRefusal(
        await t.money('/user/to_jq', { type: 'jpy', money: '40001' }, s),
        'loan.insufficientQuota',
      );
      const b = expectOk(await t.money('/user/to_jq', { type: 'jpy', money: '40000' }, s));
      expectOk(await t.admin('/loans/decide', { id: b.id, approve: true }, op));
      expect(await info(s)).toMatchObject({ jpy: '100000.0000', jpyyjed: '100000.0000' });
      // one repayment covers both, with a day of interest each: 13.15 → 14 and 8.77 → 9
      expectRefusal(await t.money('/user/to_hq', { type: 'jpy', money: '100022' }, s), 'loan.repayDue');
      const { fundUser } = await import('./support/app.ts');
      await fundUser(t, s, '1000', 'jpy', op);
      const r = expectOk(await t.money('/user/to_hq', { type: 'jpy', money: '100023' }, s));
      expect(r).toMatchObject({ principal: '100000.0000', interest: '23.0000', total: '100023.0000' });
      expect(await info(s)).toMatchObject({ jpy: '977.0000', jpyyjed: '0.0000' });
    } finally {
      expectOk(
        await t.admin('/config/set', { name: 'loan_block_unpaid', value: 'true', reason: 'test' }, op),
      );
    }
  });
});
