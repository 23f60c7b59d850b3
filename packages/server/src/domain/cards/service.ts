import { platformClockIn } from '../../kernel/platform-clock.ts';
import { randomUUID } from 'node:crypto';
import type { CardView, LinkCardInput, UpdateCardInput, ValidationMap } from '@railyard/contract';
import { UniqueViolation, type Sql, type Store } from '../../store/port.ts';
import {
  countLiveCards,
  disableCardRow,
  findLiveCard,
  findLiveCardByFingerprint,
  insertCard,
  listLiveCards,
  updateCardDocument,
} from '../../store/repos/cards.ts';
import { paymentMethodRowsOfAccount } from '../../store/repos/payment-methods.ts';
import type { Caller } from '../auth/caller.ts';
import { timestamp, type Clock } from '../../kernel/clock.ts';
import { BadRequest, Conflict, NotFound, ValidationFailed } from '../../kernel/errors.ts';
import { refreshPaymentMethods } from '../payment-methods/refresh.ts';
import { cardFingerprint, type FingerprintKey } from '../sources/fingerprint.ts';
import { verifyCard } from '../sources/verify-card.ts';
import { readableAccount, usableMerchant, writableAccount } from './account-access.ts';
import { CARD_MESSAGES, checkMerchantAccountID, e2eeRefusal } from './card-messages.ts';
import { MAX_LIVE_CARDS_PER_ACCOUNT } from '../sources/card-limits.ts';
import { expiresOn, loadCard, renderCard, type StoredCard } from '../sources/stored-card.ts';
import { applyCardPatch } from './update-card.ts';

export interface LinkOptions {
  /** `X-Wait-For: payment-method`: answer the payment methods the card yields. */
  waitForPaymentMethods: boolean;
}

/**
 * Cards: link (with the sandbox's $0 authorization), list, get, update and
 * disable. The full card number and CVV live only in the request: what is
 * stored is the keyed fingerprint, BIN, last four and what the authorization
 * learned. Every change refreshes the account's payment methods in the same
 * unit of work, so the `paymentMethod.enabled/disabled` events commit with it.
 */
export class CardService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly fingerprintKey: FingerprintKey,
  ) {}

  async link(caller: Caller, accountID: string, input: LinkCardInput, options: LinkOptions): Promise<CardView> {
    const errors: ValidationMap = {};
    const verified = verifyCard(input, this.clock);
    if (!verified.ok) Object.assign(errors, verified.errors);
    if (input.e2ee !== undefined && input.e2ee !== null) errors['e2ee'] = e2eeRefusal();
    let merchantAccountID: string | undefined;
    if (input.merchantAccountID !== undefined && input.merchantAccountID !== null) {
      const checked = checkMerchantAccountID(input.merchantAccountID);
      if (checked.ok) merchantAccountID = checked.merchantAccountID;
      else errors['merchantAccountID'] = checked.reason;
    }
    if (!verified.ok || Object.keys(errors).length > 0) throw new ValidationFailed(errors);

    const fingerprint = cardFingerprint(this.fingerprintKey, caller.platformID, verified.pan);
    // [Moov] with cardOnFile and no merchant, the partner's account runs the authorization.
    if (merchantAccountID === undefined && verified.card.cardOnFile) merchantAccountID = caller.platformID;
    const card: StoredCard = { ...verified.card, ...(merchantAccountID !== undefined ? { merchantAccountID } : {}) };

    try {
      return await this.store.write(async (sql) => {
        await writableAccount(sql, caller, accountID);
        if (merchantAccountID !== undefined && !(await usableMerchant(sql, caller, merchantAccountID))) {
          throw new ValidationFailed({ merchantAccountID: CARD_MESSAGES.unknownMerchant });
        }
        const existing = await findLiveCardByFingerprint(sql, accountID, fingerprint);
        if (existing) throw duplicate(existing.card_id);
        if ((await countLiveCards(sql, accountID)) >= MAX_LIVE_CARDS_PER_ACCOUNT) {
          throw new BadRequest(CARD_MESSAGES.tooMany(MAX_LIVE_CARDS_PER_ACCOUNT));
        }
        const now = timestamp(this.clock);
        const row = {
          card_id: randomUUID(),
          account_id: accountID,
          platform_id: caller.platformID,
          fingerprint,
          document: JSON.stringify(card),
          expires_on: expiresOn(card, this.clock.now()),
          declines: verified.declines ?? null,
          created_on: now,
          updated_on: now,
        };
        await insertCard(sql, row);
        await refreshPaymentMethods(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
        const view = renderCard(loadCard({ ...row, disabled_on: null }));
        if (options.waitForPaymentMethods) view.paymentMethods = await livePaymentMethodsOf(sql, accountID, row.card_id);
        return view;
      });
    } catch (error) {
      // Two links of one card raced and the partial unique index refused the second.
      if (!(error instanceof UniqueViolation)) throw error;
      const winner = await this.store.read((sql) => findLiveCardByFingerprint(sql, accountID, fingerprint));
      throw duplicate(winner?.card_id);
    }
  }

  async list(caller: Caller, accountID: string): Promise<CardView[]> {
    return this.store.read(async (sql) => {
      await readableAccount(sql, caller, accountID);
      const rows = await listLiveCards(sql, accountID, MAX_LIVE_CARDS_PER_ACCOUNT);
      return rows.map((row) => renderCard(loadCard(row)));
    });
  }

  async get(caller: Caller, accountID: string, cardID: string): Promise<CardView> {
    return this.store.read(async (sql) => {
      await readableAccount(sql, caller, accountID);
      return renderCard(loadCard(await liveCard(sql, accountID, cardID)));
    });
  }

  async update(caller: Caller, accountID: string, cardID: string, patch: UpdateCardInput): Promise<CardView> {
    return this.store.write(async (sql) => {
      await writableAccount(sql, caller, accountID);
      const loaded = loadCard(await liveCard(sql, accountID, cardID));
      const applied = applyCardPatch(loaded.card, patch, this.clock);
      if (!applied.ok) throw new ValidationFailed(applied.errors);
      const card = applied.card;
      if (card.cardOnFile && card.merchantAccountID === undefined) card.merchantAccountID = caller.platformID;
      const merchantChanged = card.merchantAccountID !== loaded.card.merchantAccountID;
      if (merchantChanged && card.merchantAccountID !== undefined && !(await usableMerchant(sql, caller, card.merchantAccountID))) {
        throw new ValidationFailed({ merchantAccountID: CARD_MESSAGES.unknownMerchant });
      }
      const document = JSON.stringify(card);
      if (document === loaded.row.document) return renderCard(loaded);
      const change = { document, expires_on: expiresOn(card, this.clock.now()), updated_on: timestamp(this.clock) };
      if (!(await updateCardDocument(sql, cardID, change))) throw new NotFound('card');
      // A new expiration can bring back (or end) the card's payment methods.
      await refreshPaymentMethods(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
      return renderCard(loadCard({ ...loaded.row, ...change }));
    });
  }

  /** Disabling a card that is already disabled (or never existed) is NotFound: a disabled card is gone. */
  async disable(caller: Caller, accountID: string, cardID: string): Promise<void> {
    await this.store.write(async (sql) => {
      await writableAccount(sql, caller, accountID);
      await liveCard(sql, accountID, cardID);
      if (!(await disableCardRow(sql, cardID, timestamp(this.clock)))) throw new NotFound('card');
      await refreshPaymentMethods(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
    });
  }
}

async function liveCard(sql: Sql, accountID: string, cardID: string) {
  const row = await findLiveCard(sql, accountID, cardID);
  if (!row) throw new NotFound('card');
  return row;
}

function duplicate(existingCardID: string | undefined): Conflict {
  return new Conflict(CARD_MESSAGES.duplicate, {
    error: CARD_MESSAGES.duplicate,
    ...(existingCardID !== undefined ? { existingCardID } : {}),
  });
}

async function livePaymentMethodsOf(sql: Sql, accountID: string, cardID: string) {
  const rows = await paymentMethodRowsOfAccount(sql, accountID);
  return rows
    .filter((row) => row.source_id === cardID && row.disabled_on === null)
    .map((row) => ({ paymentMethodID: row.payment_method_id, paymentMethodType: row.payment_method_type }));
}
