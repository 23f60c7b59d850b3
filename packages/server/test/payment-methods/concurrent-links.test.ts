import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { cardBody } from '../support/sources.ts';
import { V2026 } from '../support/versions.ts';
import { createAccountHolder, linkBankAccount as linkBank, liveMethodTypes } from '../support/bank-accounts.ts';
import { linkCard } from '../support/cards.ts';

/**
 * A card and a bank account linked to one account at the same moment each keep
 * their payment methods. Each link refreshes the account's payment methods in
 * its unit of work; on PostgreSQL (READ COMMITTED) the later one used to read
 * the sources before the other committed and the payment methods after, and
 * disabled the other source's methods as gone (found by the authorization
 * matrix's seeds: about 1 in 10). Refreshes of one account now take its row
 * lock first (repos/payment-methods.ts `lockAccountPaymentMethods`).
 */

const ROUNDS = 12;

for (const kind of await storeKinds()) {
  describe(`concurrent source links (${kind})`, () => {
    const server = serverPerSuite(kind);

    it(`a card and a bank account linked at once both keep their payment methods (${ROUNDS} accounts)`, async () => {
      const results = await Promise.all(
        Array.from({ length: ROUNDS }, async () => {
          const accountID = await createAccountHolder(server);
          const [card, bank] = await Promise.all([linkCard(server, accountID, cardBody()), linkBank(server, accountID)]);
          assert.equal(card.status, 200, card.text);
          return { cardID: card.json.cardID as string, bankAccountID: bank.bankAccountID as string };
        }),
      );
      for (const { cardID, bankAccountID } of results) {
        assert.notDeepEqual(await liveMethodTypes(server, cardID), [], `card ${cardID} kept its payment methods`);
        assert.notDeepEqual(await liveMethodTypes(server, bankAccountID), [], `bank account ${bankAccountID} kept its payment methods`);
      }
      const disabled = await server.services.store.read((sql) =>
        sql.all<{ n: number | string }>("SELECT COUNT(*) AS n FROM events WHERE event_type = 'paymentMethod.disabled'"),
      );
      assert.equal(Number(disabled[0]!.n), 0, 'no payment method was disabled by a link');
    });
  });
}
