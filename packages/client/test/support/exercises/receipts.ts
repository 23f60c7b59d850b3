import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiError, type Exercises } from './context.ts';
import { completedTransfer } from './parties.ts';

export const receiptExercises: Exercises = {
  'receipts.create': async ({ server, client }) => {
    const { transferID } = await completedTransfer(server, client, 800, 200);
    const receipts = await client.receipts.create({ body: [{ kind: 'sale.customer.v1', email: 'buyer@example.com', forTransferID: transferID }] });
    assert.equal(receipts.length, 1);
    const [receipt] = receipts;
    assert.deepEqual([receipt!.kind, receipt!.email, receipt!.forTransferID], ['sale.customer.v1', 'buyer@example.com', transferID]);
    assert.equal(receipt!.sentFor?.length, 1, 'a completed transfer gets its receipt at once');
    await assert.rejects(
      client.receipts.create({ body: [{ kind: 'sale.customer.v1', email: 'buyer@example.com', forScheduleID: randomUUID() }] }),
      apiError(422),
    );
  },

  'receipts.list': async ({ server, client }) => {
    const { transferID, alice } = await completedTransfer(server, client, 800, 300);
    const [created] = await client.receipts.create({ body: [{ kind: 'sale.customer.v1', emailAccountID: alice.accountID, forTransferID: transferID }] });
    const listed = await client.receipts.list({ id: transferID });
    assert.deepEqual(listed.map((r) => r.receiptID), [created!.receiptID]);
    assert.equal(listed[0]!.emailAccountID, alice.accountID);
    assert.deepEqual(await client.receipts.list({ id: randomUUID() }), []);
  },
};
