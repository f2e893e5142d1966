import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type Db, type Tx, withTx } from '@kabuto/db';
import { type Clock, type Currency, systemClock, units } from '@kabuto/domain';
import { platformAccount, userAccount } from '@kabuto/ledger';
import type { MarketDataProvider } from '@kabuto/market';
import type { Env } from '../config.ts';
import { type HashCost, hashPassword, newToken } from '../lib/crypto.ts';
import { audit } from '../shared/audit.ts';
import { fileStore } from '../shared/files.ts';
import { writeFundRecords } from '../shared/fund-records.ts';
import { transfer } from '../shared/ledger.ts';
import { sendNotice } from '../shared/notices.ts';
import { newOrderNo } from '../shared/order-no.ts';
import { saveSetting } from '../shared/settings.ts';
import { seedBlockOfferings } from './block-trades.ts';
import { SEED_OFFERINGS, seedPrice, seedSchedule } from './content/new-shares.ts';
import { SEED_NEWS } from './content/news.ts';
import { SEED_PAGES } from './content/pages.ts';
import { seedProducts } from './copy-trade.ts';

export interface SeedReport {
  seeded: boolean;
  inviteCode: string;
  account: string;
  password: string;
  fundPassword: string;
  operator: string;
  /** Null when the operator was seeded earlier with a generated password (printed on that start only). */
  operatorPassword: string | null;
  channelPassword: string;
  /** The password of the demo's private block offerings. */
  blockPassword: string;
}

/** The demo user's verified identity and bank account. */
export const DEMO_IDENTITY = {
  realname: '佐藤 健一',
  idCard: '4821 6730 5914'.replaceAll(' ', ''),
  bank: 'みずほ銀行',
  branch: '渋谷支店',
  branchCode: '210',
  number: '3081547',
};
/** What the seeded, approved deposit brings: ¥10,000,000. */
export const DEMO_DEPOSIT = units(10_000_000);

/** Receiving accounts per wallet (fictitious numbers); JPY also has a quick top-up open every day. */
const CHANNELS: {
  currency: Currency;
  name: string;
  account_name: string;
  account_number: string;
  bank: string;
  branch: string;
  quick?: boolean;
}[] = [
  {
    currency: 'jpy',
    name: '銀行振込',
    account_name: 'カブトショウケン（カ　ニュウキングチ',
    account_number: '普通 7712046',
    bank: '三井住友銀行',
    branch: '東京営業部',
  },
  {
    currency: 'jpy',
    name: 'クイック入金',
    account_name: 'カブトショウケン（カ　クイック',
    account_number: '普通 7712054',
    bank: '楽天銀行',
    branch: '第一営業支店',
    quick: true,
  },
  {
    currency: 'usd',
    name: 'USD wire',
    account_name: 'Kabuto Securities Co., Ltd.',
    account_number: '4401 2209 7731',
    bank: 'JPMorgan Chase Bank',
    branch: 'New York (SWIFT CHASUS33)',
  },
  {
    currency: 'cny',
    name: '人民币汇款',
    account_name: '株式会社Kabuto证券',
    account_number: '6222 0210 0104 5578',
    bank: '中国工商银行',
    branch: '上海分行',
  },
  {
    currency: 'krw',
    name: '원화 송금',
    account_name: 'Kabuto Securities',
    account_number: '1002-847-552019',
    bank: '우리은행',
    branch: '서울 본점',
  },
  {
    currency: 'twd',
    name: '台幣匯款',
    account_name: 'Kabuto Securities',
    account_number: '0123-4567-8901',
    bank: '台灣銀行',
    branch: '營業部',
  },
  {
    currency: 'hkd',
    name: 'HKD transfer',
    account_name: 'Kabuto Securities',
    account_number: '004-512-338190-001',
    bank: 'HSBC Hong Kong',
    branch: 'Central',
  },
  {
    currency: 'thb',
    name: 'THB transfer',
    account_name: 'Kabuto Securities',
    account_number: '101-2-33847-9',
    bank: 'Bangkok Bank',
    branch: 'Silom',
  },
  {
    currency: 'vnd',
    name: 'VND transfer',
    account_name: 'Kabuto Securities',
    account_number: '0071 0004 48201',
    bank: 'Vietcombank',
    branch: 'Hà Nội',
  },
  {
    currency: 'myr',
    name: 'MYR transfer',
    account_name: 'Kabuto Securities',
    account_number: '5140 1233 8761',
    bank: 'Maybank',
    branch: 'Kuala Lumpur Main',
  },
];

/** A small PNG (a grey card with a coloured band) standing in for the demo's photos. */
function demoPng(band: [number, number, number]): Buffer {
  const w = 240;
  const h = 150;
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const inBand = y >= 20 && y < 44;
      const c = inBand ? band : x > 16 && x < 76 && y > 56 && y < 130 ? [180, 180, 190] : [236, 236, 240];
      row.set(c, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function seedUpload(tx: Tx, env: Env, ownerId: bigint, bytes: Buffer, at: Date): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.png`;
  // in the seed's transaction (the database store), sealed like every upload
  await fileStore(tx, env).put(name, bytes, tx);
  await tx
    .insertInto('upload')
    .values({
      name,
      owner_id: ownerId,
      content_type: 'image/png',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      created_at: at,
    })
    .execute();
  return name;
}

/**
 * The demo's money: deposit channels, the operator, and a verified user with a bank card and an approved
 * ¥10,000,000 deposit — a real ledger transfer bank → cash with its fund record, approved by the operator.
 */
async function seedMoney(tx: Tx, env: Env, userId: bigint, operatorHash: string, now: number): Promise<void> {
  const at = (msAgo: number) => new Date(now - msAgo);
  const DAY = 86_400_000;
  for (const [i, c] of CHANNELS.entries()) {
    await tx
      .insertInto('deposit_channel')
      .values({
        ...c,
        quick: c.quick ?? false,
        open_from: c.quick ? '00:00' : '09:00',
        open_to: c.quick ? '23:59' : '17:00',
        enabled: true,
        sort: i,
        created_at: at(3 * DAY),
        updated_at: at(3 * DAY),
      })
      .execute();
  }
  const op = await tx
    .insertInto('operator')
    .values({
      username: env.DEMO_ADMIN,
      password_hash: operatorHash,
      role: 'admin',
      created_at: at(3 * DAY),
      updated_at: at(3 * DAY),
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();

  const front = await seedUpload(tx, env, userId, demoPng([200, 40, 40]), at(2 * DAY));
  const back = await seedUpload(tx, env, userId, demoPng([40, 80, 200]), at(2 * DAY));
  const proof = await seedUpload(tx, env, userId, demoPng([40, 160, 80]), at(DAY));
  const kyc = await tx
    .insertInto('kyc_submission')
    .values({
      user_id: userId,
      realname: DEMO_IDENTITY.realname,
      id_card: DEMO_IDENTITY.idCard,
      front_upload: front,
      back_upload: back,
      status: 'approved',
      created_at: at(2 * DAY),
      decided_at: at(2 * DAY - 3_600_000),
      decided_by: op.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(
    tx,
    op,
    { action: 'kyc.approve', target: `kyc:${kyc.id}`, reason: 'demo seed' },
    at(2 * DAY - 3_600_000),
  );
  // the demo user trades on margin: an approved margin account (信用取引口座)
  const marginAccount = await tx
    .insertInto('margin_account')
    .values({
      user_id: userId,
      status: 1,
      experience: 'over3',
      assets: '3mto10m',
      income: '5mto10m',
      risks_understood: true,
      agreed_at: at(2 * DAY),
      created_at: at(2 * DAY),
      decided_at: at(2 * DAY - 3_600_000),
      decided_by: op.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(
    tx,
    op,
    { action: 'margin.approve', target: `margin:${marginAccount.id}`, reason: 'demo seed' },
    at(2 * DAY - 3_600_000),
  );
  await tx
    .insertInto('bank_card')
    .values({
      user_id: userId,
      holder: DEMO_IDENTITY.realname,
      number: DEMO_IDENTITY.number,
      bank: DEMO_IDENTITY.bank,
      branch: DEMO_IDENTITY.branch,
      branch_code: DEMO_IDENTITY.branchCode,
      account_type: 'ordinary',
      created_at: at(2 * DAY),
      updated_at: at(2 * DAY),
    })
    .execute();

  const channel = await tx
    .selectFrom('deposit_channel')
    .select(['id', 'name'])
    .where('currency', '=', 'jpy')
    .orderBy('sort')
    .limit(1)
    .executeTakeFirstOrThrow();
  const orderNo = newOrderNo('D', now - DAY);
  const deposit = await tx
    .insertInto('deposit')
    .values({
      order_no: orderNo,
      user_id: userId,
      currency: 'jpy',
      amount: DEMO_DEPOSIT,
      channel_id: channel.id,
      channel_name: channel.name,
      proof_upload: proof,
      created_at: at(DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bank = await platformAccount(tx, 'bank', 'jpy');
  const cash = await userAccount(tx, userId, 'jpy', 'cash');
  const [t] = await transfer(tx, [
    {
      type: 'single',
      debitAccountId: bank.id,
      creditAccountId: cash.id,
      amount: DEMO_DEPOSIT,
      currency: 'jpy',
      code: 'deposit',
      operationRef: `deposit:${deposit.id}`,
    },
  ]);
  const approvedAt = at(DAY - 1_800_000);
  await writeFundRecords(tx, [
    {
      userId,
      currency: 'jpy',
      type: 'deposit',
      orderNo,
      amount: DEMO_DEPOSIT,
      transferId: t.id,
      ref: `deposit:${deposit.id}`,
      memo: channel.name,
      at: approvedAt,
    },
  ]);
  await tx
    .updateTable('deposit')
    .set({ status: 1, transfer_id: t.id, decided_at: approvedAt, decided_by: op.id })
    .where('id', '=', deposit.id)
    .execute();
  await audit(
    tx,
    op,
    {
      action: 'deposit.approve',
      target: `deposit:${deposit.id}`,
      reason: 'demo seed',
      detail: { order_no: orderNo, currency: 'jpy', amount: '10000000.0000' },
    },
    approvedAt,
  );
  await sendNotice(tx, new Date(now), userId, 'kycApproved', { name: DEMO_IDENTITY.realname });
  await sendNotice(tx, new Date(now), userId, 'depositApproved', {
    order: orderNo,
    amount: '10000000',
    currency: 'JPY',
  });
  await tx
    .insertInto('credit_profile')
    .values({ user_id: userId, score: 80, updated_at: at(DAY) })
    .execute();
  await tx
    .insertInto('loan_limit')
    .values({ user_id: userId, currency: 'jpy', amount: units(1_000_000), updated_at: at(DAY) })
    .execute();
}

/**
 * Demo data, written only into an empty database (no users yet). Every value comes from the env
 * (with the documented defaults) and is printed on start.
 */
/** The new-share catalogue, on the calendar relative to now (the leader's jobs take it from there). */
async function seedOfferings(tx: Tx, now: number): Promise<void> {
  for (const o of SEED_OFFERINGS) {
    const [start, end, lottery, deadline, listing] = seedSchedule(o, now);
    await tx
      .insertInto('ipo_offering')
      .values({
        code: o.code,
        market: o.market,
        board: o.board,
        name_jp: o.names.jp,
        name_cn: o.names.cn,
        name_us: o.names.us,
        range_low: seedPrice(o.range[0]),
        range_high: seedPrice(o.range[1]),
        offer_price: o.offer === null ? null : seedPrice(o.offer),
        shares: BigInt(o.shares),
        max_per_application: BigInt(o.max),
        subscribe_start: start,
        subscribe_end: end,
        lottery_at: lottery,
        payment_deadline: deadline,
        listing_at: listing,
        underwriter: o.underwriter,
        per: o.pe,
        waitlist: o.waitlist ?? 0,
      })
      .execute();
  }
}

export async function seedDemo(
  db: Db,
  env: Env,
  cost: HashCost,
  clock: Clock = systemClock,
  /**
   * Market data: with it, the demo's block offerings are priced off the stocks' last prices and the
   * copy-trade products get their NAV history from the back-filled closes.
   */
  market?: MarketDataProvider,
): Promise<SeedReport> {
  const report: SeedReport = {
    seeded: false,
    inviteCode: env.DEMO_INVITE_CODE,
    account: env.DEMO_ACCOUNT,
    password: env.DEMO_PASSWORD,
    fundPassword: env.DEMO_FUND_PASSWORD,
    operator: env.DEMO_ADMIN,
    operatorPassword: env.DEMO_ADMIN_PASSWORD ?? null,
    channelPassword: env.DEMO_CHANNEL_PASSWORD,
    blockPassword: env.DEMO_BLOCK_PASSWORD,
  };
  const existing = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (existing) return report;
  const operatorPassword = env.DEMO_ADMIN_PASSWORD ?? newToken().slice(0, 20);

  const [passwordHash, fundHash, operatorHash, blockHash] = await Promise.all([
    hashPassword(env.DEMO_PASSWORD, cost),
    hashPassword(env.DEMO_FUND_PASSWORD, cost),
    hashPassword(operatorPassword, cost),
    hashPassword(env.DEMO_BLOCK_PASSWORD, cost),
  ]);
  await withTx(db, async (tx) => {
    const again = await tx.selectFrom('app_user').select('id').limit(1).forUpdate().executeTakeFirst();
    if (again) return;
    const user = await tx
      .insertInto('app_user')
      .values({
        account: env.DEMO_ACCOUNT,
        password_hash: passwordHash,
        fund_password_hash: fundHash,
        invite_code: env.DEMO_INVITE_CODE,
        inviter_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendNotice(tx, new Date(clock.now()), user.id, 'welcome', { account: env.DEMO_ACCOUNT });
    await seedMoney(tx, env, user.id, operatorHash, clock.now());
    for (const n of SEED_NEWS) {
      await tx
        .insertInto('news')
        .values({
          title: JSON.stringify(n.title),
          summary: JSON.stringify(n.summary),
          content: JSON.stringify(n.content),
          source: n.source,
          published_at: n.publishedAt,
        })
        .execute();
    }
    await seedOfferings(tx, clock.now());
    for (const p of SEED_PAGES) {
      await tx
        .insertInto('content_page')
        .values({ name: p.name, title: JSON.stringify(p.title), content: JSON.stringify(p.content) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    if (market) await seedBlockOfferings(tx, market, clock.now(), blockHash);
    if (market) await seedProducts(tx, market, clock.now());
    report.seeded = true;
  });
  if (report.seeded) report.operatorPassword = operatorPassword;
  if (report.seeded) {
    await saveSetting(db, 'kefu', 'mailto:support@kabuto.example');
    await saveSetting(db, 'channel_password', env.DEMO_CHANNEL_PASSWORD);
  }
  return report;
}
