import type { BankAccountType } from '@kabuto/db';
import { isUniqueViolation, withTx } from '@kabuto/db';
import { toUnixSeconds } from '@kabuto/domain';
import type { Deps } from '../../deps.ts';
import { refuse } from '../../lib/errors.ts';
import { type IdentityLookup, requireVerified, sameName } from '../../shared/identity.ts';
import { maskTail } from '../../shared/masks.ts';
import type { StepUpCheck } from '../../shared/step-up.ts';
import * as repo from './funds.repo.ts';

export const MAX_CARDS = 10;

export interface CardInput {
  /** the account holder's name, which must be the verified name */
  holder: string;
  number: string;
  bank: string;
  branch: string;
  branchCode: string;
  accountType: BankAccountType;
}

const NUMBER_RE = /^[0-9][0-9 -]{2,28}[0-9]$/;
const CODE_RE = /^[A-Za-z0-9-]{1,10}$/;

type CardUser = { id: bigint; sessionId: bigint };

/** Bank cards; adding, editing and removing one needs the step-up proof once the user has a factor. */
export function cardsService({ db, clock }: Deps, identity: IdentityLookup, stepUp: StepUpCheck) {
  /** Validate a card against the verified name; returns what is stored. */
  async function values(userId: bigint, input: CardInput): Promise<repo.CardValues> {
    const id = await requireVerified(identity, userId);
    if (!sameName(input.holder, id.realname)) refuse('bank.holderMismatch');
    if (!NUMBER_RE.test(input.number)) refuse('bank.numberFormat');
    const number = input.number.replace(/[ -]/g, '');
    if (number.length < 4) refuse('bank.numberFormat');
    if (!CODE_RE.test(input.branchCode)) refuse('validation.invalid', { field: 'bank_code' });
    return {
      holder: input.holder,
      number,
      bank: input.bank,
      branch: input.branch,
      branch_code: input.branchCode,
      account_type: input.accountType,
    };
  }

  async function list(userId: bigint) {
    const rows = await repo.listCards(db, userId);
    return rows.map((c) => ({
      id: String(c.id),
      realname: c.holder,
      bank_num: maskTail(c.number),
      bank_name: c.bank,
      bank_address: c.branch,
      bank_code: c.branch_code,
      account_type: c.account_type,
      create_time: toUnixSeconds(c.created_at.getTime()),
    }));
  }

  async function add(user: CardUser, input: CardInput, proof?: string) {
    const userId = user.id;
    const v = await values(userId, input);
    if ((await repo.countCards(db, userId)) >= MAX_CARDS) refuse('bank.limit', { max: MAX_CARDS });
    if (await repo.findDuplicateCard(db, userId, v.bank, v.number)) refuse('bank.exists');
    try {
      const { id } = await withTx(db, async (tx) => {
        await stepUp(tx, user, proof);
        return repo.insertCard(tx, userId, v, new Date(clock.now()));
      });
      return { id: String(id) };
    } catch (err) {
      if (isUniqueViolation(err)) refuse('bank.exists');
      throw err;
    }
  }

  async function edit(user: CardUser, cardId: bigint, input: CardInput, proof?: string) {
    const userId = user.id;
    if (!(await repo.findCard(db, userId, cardId))) refuse('bank.notFound');
    const v = await values(userId, input);
    if (await repo.findDuplicateCard(db, userId, v.bank, v.number, cardId)) refuse('bank.exists');
    try {
      await withTx(db, async (tx) => {
        await stepUp(tx, user, proof);
        const r = await repo.updateCard(tx, userId, cardId, v, new Date(clock.now()));
        if (r.numUpdatedRows === 0n) refuse('bank.notFound');
      });
    } catch (err) {
      if (isUniqueViolation(err)) refuse('bank.exists');
      throw err;
    }
  }

  async function remove(user: CardUser, cardId: bigint, proof?: string) {
    if (!(await repo.findCard(db, user.id, cardId))) refuse('bank.notFound');
    await withTx(db, async (tx) => {
      await stepUp(tx, user, proof);
      const r = await repo.deleteCard(tx, user.id, cardId, new Date(clock.now()));
      if (r.numUpdatedRows === 0n) refuse('bank.notFound');
    });
  }

  return { list, add, edit, remove };
}

export type CardsService = ReturnType<typeof cardsService>;
