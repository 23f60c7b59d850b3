import { randomUUID } from 'node:crypto';
import type { ReceiptView, ValidationMap } from '@railyard/contract';
import type { Store } from '../../store/port.ts';
import { visibleAccountIDs } from '../../store/repos/account-visibility.ts';
import { countReceiptsForTransfer, insertReceipt, MAX_RECEIPTS_PER_TRANSFER, receiptsForTransfer, type ReceiptRow } from '../../store/repos/receipts.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import type { Caller } from '../auth/caller.ts';
import { timestamp } from '../../kernel/clock.ts';
import { BadRequest, ValidationFailed } from '../../kernel/errors.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import { checkReceiptRequests } from './input.ts';
import { renderReceipt } from './render.ts';
import { sendReceipt } from './send.ts';

/**
 * Receipt requests of a platform's transfers (docs/api-behaviour.md §5.5,
 * docs/transfers-more.md). `createdBy` is the platform's account; recipients are an
 * address or an account the platform can see.
 */
export class ReceiptService {
  constructor(
    private readonly store: Store,
    private readonly platformClock: PlatformClock,
  ) {}

  /** Records every request or none; a request for a completed transfer is sent at once. */
  async create(caller: Caller, body: unknown): Promise<ReceiptView[]> {
    const requests = checkReceiptRequests(body);
    const platformID = caller.platformID;
    return this.store.write(async (sql) => {
      const problems: ValidationMap = {};
      const transfers = new Map<string, string>();
      const added = new Map<string, number>();
      const accounts = [...new Set(requests.flatMap((r) => (r.emailAccountID ? [r.emailAccountID] : [])))];
      const visible = await visibleAccountIDs(sql, platformID, accounts);
      for (const [index, request] of requests.entries()) {
        if (!transfers.has(request.forTransferID)) {
          const transfer = await findTransferRow(sql, platformID, request.forTransferID);
          if (transfer) transfers.set(request.forTransferID, transfer.status);
        }
        if (!transfers.has(request.forTransferID)) problems[String(index)] = { forTransferID: 'no such transfer' };
        else if (request.emailAccountID && !visible.has(request.emailAccountID)) problems[String(index)] = { emailAccountID: 'no such account' };
        added.set(request.forTransferID, (added.get(request.forTransferID) ?? 0) + 1);
      }
      if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
      for (const [transferID, count] of added) {
        if ((await countReceiptsForTransfer(sql, platformID, transferID)) + count > MAX_RECEIPTS_PER_TRANSFER) {
          throw new BadRequest(`a transfer can have at most ${MAX_RECEIPTS_PER_TRANSFER} receipts`);
        }
      }

      const clock = await this.platformClock.view(sql, platformID);
      const now = timestamp(clock);
      const views: ReceiptView[] = [];
      for (const request of requests) {
        const row: ReceiptRow = {
          receipt_id: randomUUID(),
          platform_id: platformID,
          created_by: platformID,
          kind: request.kind,
          email: request.email ?? null,
          email_account_id: request.emailAccountID ?? null,
          for_transfer_id: request.forTransferID,
          sent_for: null,
          created_on: now,
          disabled_on: null,
        };
        await insertReceipt(sql, row);
        const sent = transfers.get(request.forTransferID) === 'completed' ? await sendReceipt(sql, clock, row) : undefined;
        views.push(renderReceipt(sent ? { ...row, sent_for: JSON.stringify([sent]) } : row));
      }
      return views;
    });
  }

  /** The receipt requests of one of the platform's transfers; another platform's transfer lists nothing. */
  async list(caller: Caller, id: string): Promise<ReceiptView[]> {
    const rows = await this.store.read((sql) => receiptsForTransfer(sql, caller.platformID, id.toLowerCase()));
    return rows.map(renderReceipt);
  }
}
