import { DEFAULT_PAGE_COUNT, type ListTransfersFilter, type TransferView } from '@railyard/contract';
import { UniqueViolation, type Store } from '../../store/port.ts';
import {
  findTransferByIdempotencyKey,
  findTransferRow,
  listTransferRows,
  updateTransferRow,
  type TransferRow,
} from '../../store/repos/transfers.ts';
import type { RailPacing } from './pacing.ts';
import type { RailRegistry } from './rail.ts';
import type { Caller } from '../auth/caller.ts';
import { timestamp } from '../../kernel/clock.ts';
import { Conflict, DomainError, NotFound, ValidationFailed } from '../../kernel/errors.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import { createTransferRecord } from './create.ts';
import { partyIDs } from './parties.ts';
import { readTransferCreateStart } from '../../store/repos/transfer-parties.ts';
import { checkCreateTransfer, checkForeignID, checkMetadata } from './create-input.ts';
import { transferFromRow, transferToRow, type TransferRecord } from './model.ts';
import { renderAsyncTransfer, renderTransfer } from './render.ts';
import { TransferChangedConcurrently } from './transitions.ts';
import { cancellationsByTransfer } from './cancellation-service.ts';
import { withWalletEvents } from '../wallets/movement-events.ts';
import { isForecastMissed } from '../../ledger/forecast.ts';
import { AccountsInFlight, CreateRun, walletLedgers } from './forecast-offer.ts';

/** `X-Wait-For: rail-response` waits at most this long for the rail's first answer (docs/api-behaviour.md §5.2). */
export const DEFAULT_RAIL_WAIT_MS = 15_000;
const RAIL_WAIT_POLL_MS = 25;
/** A PATCH that loses a race with a rail step re-reads and tries again, this many times. */
const MAX_PATCH_ATTEMPTS = 5;

export interface CreateTransferRequest {
  accountID: string;
  idempotencyKey: string;
  waitForRail: boolean;
  body: Record<string, unknown>;
  /** Payment method types the caller's API version does not know: naming one is naming no payment method. */
  hiddenPaymentMethodTypes?: ReadonlySet<string>;
}

/** What create answers: the HTTP edge picks 200 or 202 and the body from it. */
export type CreateTransferOutcome =
  | { kind: 'accepted'; body: ReturnType<typeof renderAsyncTransfer> }
  | { kind: 'rail-answered'; body: TransferView }
  | { kind: 'wait-exceeded'; body: TransferView };

export interface TransferServiceOptions {
  platformClock: PlatformClock;
  pacing: RailPacing;
  rails: RailRegistry;
  railWaitMs?: number;
}

/**
 * Transfers of one platform (docs/api-behaviour.md §5.2). `accountID` in every path is
 * the platform's own account; anything else is a 404 like a missing resource.
 */
export class TransferService {
  private readonly railWaitMs: number;
  /** Wallet ledger accounts this service's creates are writing now (forecast-offer.ts). */
  readonly accountsInFlight = new AccountsInFlight();

  constructor(
    private readonly store: Store,
    private readonly options: TransferServiceOptions,
  ) {
    this.railWaitMs = options.railWaitMs ?? DEFAULT_RAIL_WAIT_MS;
  }

  async create(caller: Caller, input: CreateTransferRequest): Promise<CreateTransferOutcome> {
    requirePlatform(caller, input.accountID);
    const request = checkCreateTransfer(input.body);
    const platformID = caller.platformID;
    let transfer: TransferRecord;
    // On PostgreSQL a create first runs with the ledger forecasting its wallets' balances from the start read,
    // or from where the create ahead in their queues leaves them (one message fewer, forecast-offer.ts); if a
    // wallet moved in between, it runs once more without.
    let forecast = true;
    for (;;) {
      const run = new CreateRun(this.accountsInFlight);
      try {
        transfer = await this.store.write(async (sql) => {
          // The clock and both parties in one read, sent ahead of BEGIN on PostgreSQL (decision 2001, "The start read").
          const start = await readTransferCreateStart(sql, platformID, partyIDs(request));
          // In the wallets' queues on a run without a forecast too: the creates behind it forecast from where it leaves them.
          if (this.store.dialect === 'postgres') await run.begin(sql, walletLedgers(start.parties), forecast);
          const clock = this.options.platformClock.viewAtOffset(start.clockOffsetMs);
          const created = await withWalletEvents(sql, () =>
            createTransferRecord(sql, {
              platformID,
              idempotencyKey: input.idempotencyKey,
              request,
              clock,
              pacing: this.options.pacing,
              rails: this.options.rails,
              hiddenPaymentMethodTypes: input.hiddenPaymentMethodTypes,
              partyRows: start.parties,
            }),
          );
          await run.beforeCommit(sql);
          return created;
        });
        run.end(true);
        break;
      } catch (error) {
        run.end(false);
        if (forecast && isForecastMissed(error)) {
          run.missed();
          forecast = false;
          continue;
        }
        // A key that already made a transfer is answered with that transfer, whatever this request would
        // get now: its row stops the insert (UniqueViolation, a concurrent first request's too, before any
        // money moves), and a refusal may come first (a payment method gone since), so both look the key up.
        if (error instanceof UniqueViolation || error instanceof DomainError) {
          const first = await this.store.read((sql) => findTransferByIdempotencyKey(sql, platformID, input.idempotencyKey));
          if (first) throw replayConflict(first);
        }
        throw error;
      }
    }
    if (!input.waitForRail) return { kind: 'accepted', body: renderAsyncTransfer(transfer) };
    const answered = await this.waitForRail(transfer);
    return { kind: answered.railAnsweredOn ? 'rail-answered' : 'wait-exceeded', body: renderTransfer(answered) };
  }

  /** Polls the stored transfer until its rail answered or the wait limit passed; answers it as it stands. */
  private async waitForRail(transfer: TransferRecord): Promise<TransferRecord> {
    const deadline = Date.now() + this.railWaitMs;
    let current = transfer;
    while (!current.railAnsweredOn && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(RAIL_WAIT_POLL_MS, Math.max(1, deadline - Date.now()))));
      const row = await this.store.read((sql) => findTransferRow(sql, transfer.platformID, transfer.transferID));
      if (row) current = transferFromRow(row);
    }
    return current;
  }

  async list(caller: Caller, accountID: string, filter: ListTransfersFilter): Promise<TransferView[]> {
    requirePlatform(caller, accountID);
    const utc = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
    const createdFrom = utc(filter.startDateTime);
    const createdBefore = utc(filter.endDateTime);
    if (createdFrom && createdBefore && createdBefore <= createdFrom) throw new ValidationFailed({ endDateTime: 'must be after startDateTime' });
    const { rows, cancellations } = await this.store.read(async (sql) => {
      const rows = await listTransferRows(sql, {
        platformID: caller.platformID,
        accountIDs: filter.accountIDs,
        status: filter.status,
        createdFrom,
        createdBefore,
        groupID: filter.groupID?.toLowerCase(),
        scheduleID: filter.scheduleID?.toLowerCase(),
        paymentLinkCode: filter.paymentLinkCode ?? filter.paymentLinkID,
        refunded: filter.refunded,
        disputed: filter.disputed,
        foreignID: filter.foreignID,
        skip: filter.skip ?? 0,
        count: filter.count ?? DEFAULT_PAGE_COUNT,
      });
      return { rows, cancellations: await cancellationsByTransfer(sql, caller.platformID, rows.map((row) => row.transfer_id)) };
    });
    return rows.map((row) => renderTransfer(transferFromRow(row), cancellations.get(row.transfer_id)));
  }

  async get(caller: Caller, accountID: string, transferID: string): Promise<TransferView> {
    requirePlatform(caller, accountID);
    const found = await this.store.read(async (sql) => {
      const row = await findTransferRow(sql, caller.platformID, transferID.toLowerCase());
      return row ? { row, cancellations: await cancellationsByTransfer(sql, caller.platformID, [row.transfer_id]) } : undefined;
    });
    if (!found) throw new NotFound('transfer');
    return renderTransfer(transferFromRow(found.row), found.cancellations.get(found.row.transfer_id));
  }

  /** The domain record, for rails, tests and other services. */
  async record(platformID: string, transferID: string): Promise<TransferRecord | undefined> {
    const row = await this.store.read((sql) => findTransferRow(sql, platformID, transferID.toLowerCase()));
    return row ? transferFromRow(row) : undefined;
  }

  /**
   * Changes `metadata` (replaced; null clears) and `foreignID`; a field not sent
   * stays. v2024.01.00 bodies arrive without `foreignID` (edge transform).
   */
  async update(caller: Caller, accountID: string, transferID: string, body: Record<string, unknown>): Promise<TransferView> {
    requirePlatform(caller, accountID);
    const problems: Record<string, string> = {};
    const metadata = 'metadata' in body ? checkMetadata(body['metadata']) : undefined;
    if (typeof metadata === 'string') problems['metadata'] = metadata;
    const foreignID = 'foreignID' in body ? checkForeignID(body['foreignID']) : undefined;
    if (foreignID?.problem) problems['foreignID'] = foreignID.problem;
    if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);

    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.write(async (sql) => {
          const row = await findTransferRow(sql, caller.platformID, transferID.toLowerCase());
          if (!row) throw new NotFound('transfer');
          const transfer = transferFromRow(row);
          const clock = await this.options.platformClock.view(sql, caller.platformID);
          const next: TransferRecord = {
            ...transfer,
            metadata: 'metadata' in body ? (metadata as Record<string, string> | undefined) : transfer.metadata,
            foreignID: foreignID ? foreignID.value : transfer.foreignID,
            updatedOn: timestamp(clock),
          };
          if (!(await updateTransferRow(sql, caller.platformID, transfer.transferID, transfer.rowVersion, transferToRow(next)))) {
            throw new TransferChangedConcurrently(transfer.transferID);
          }
          const cancellations = await cancellationsByTransfer(sql, caller.platformID, [transfer.transferID]);
          return renderTransfer({ ...next, rowVersion: transfer.rowVersion + 1 }, cancellations.get(transfer.transferID));
        });
      } catch (error) {
        if (!(error instanceof TransferChangedConcurrently) || attempt >= MAX_PATCH_ATTEMPTS) throw error;
      }
    }
  }
}

function requirePlatform(caller: Caller, accountID: string): void {
  if (accountID.toLowerCase() !== caller.platformID.toLowerCase()) throw new NotFound('account');
}

function replayConflict(row: TransferRow): Conflict {
  return new Conflict('a transfer with this X-Idempotency-Key already exists', renderTransfer(transferFromRow(row)));
}
