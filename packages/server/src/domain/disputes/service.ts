import {
  DEFAULT_PAGE_COUNT,
  MAX_EVIDENCE_PER_DISPUTE,
  type BinaryBody,
  type CardAcquiringDisputeView,
  type CreateEvidenceTextBody,
  type DisputeEvidenceView,
  type DisputeView,
  type EvidenceTextView,
  type EvidenceUploadView,
  type ListDisputesFilter,
  type TransferView,
  type UpdateEvidenceBody,
} from '@railyard/contract';
import { timestamp, type Clock } from '../../kernel/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../kernel/errors.ts';
import { newRowID } from '../../kernel/ids.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import { enqueueJob } from '../../jobs/index.ts';
import type { Sql, Store } from '../../store/port.ts';
import {
  countEvidence,
  deleteEvidenceRow,
  evidenceData,
  evidenceOfDispute,
  findEvidenceRow,
  insertEvidence,
  markEvidenceSubmitted,
  updateEvidenceRow,
  type EvidenceRow,
} from '../../store/repos/dispute-evidence.ts';
import { disputesOfTransfers, findDisputeRow, listDisputeRows, touchDisputeRow, type DisputeQuery } from '../../store/repos/disputes.ts';
import { accessibleAccount, writableAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import type { RailPacing } from '../transfers/pacing.ts';
import { checkEvidenceFile, renderEvidence, renderText, renderUpload, type UploadedEvidenceFile } from './evidence.ts';
import { DISPUTE_DECIDE_JOB } from './jobs.ts';
import { disputeFromRow, renderDispute, type DisputeRecord } from './model.ts';
import { sandboxOutcome } from './outcome.ts';
import { refuseUnlessAwaitingResponse } from './state-machine.ts';
import { decisionAt } from './timing.ts';
import { DisputeChangedConcurrently, transitionDispute } from './transitions.ts';

export interface DisputeServiceOptions {
  platformClock: PlatformClock;
  pacing: RailPacing;
}

/** Whose disputes a path's `accountID` shows: the whole platform's, or one merchant's. */
type Viewer = { platformID: string; merchantAccountID?: string };

const ORDER_COLUMNS = { createdOn: 'created_on', respondBy: 'respond_by', amount: 'amount', status: 'status' } as const;

/**
 * Disputes of a platform's card payments and their evidence (docs/disputes.md).
 * `accountID` in the path is the platform's own account, which sees every
 * dispute of the platform, or a connected merchant account, which sees the
 * disputes of payments it received. Any other dispute (another merchant's,
 * another platform's, a missing one) is the same empty 404.
 */
export class DisputeService {
  constructor(
    private readonly store: Store,
    private readonly options: DisputeServiceOptions,
  ) {}

  async list(caller: Caller, accountID: string, filter: ListDisputesFilter): Promise<DisputeView[]> {
    const utc = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
    const window = {
      createdFrom: utc(filter.startDateTime),
      createdTo: utc(filter.endDateTime),
      respondFrom: utc(filter.respondStartDateTime),
      respondTo: utc(filter.respondEndDateTime),
    };
    if (window.createdFrom && window.createdTo && window.createdTo < window.createdFrom) throw new BadRequest('endDateTime must not be before startDateTime');
    if (window.respondFrom && window.respondTo && window.respondTo < window.respondFrom) {
      throw new BadRequest('respondEndDateTime must not be before respondStartDateTime');
    }
    const [field, direction] = (filter.orderBy ?? 'createdOn:desc').split(':') as [keyof typeof ORDER_COLUMNS, string | undefined];
    return this.store.read(async (sql) => {
      const viewer = await this.viewer(sql, caller, accountID, 'read');
      const query: DisputeQuery = {
        platformID: viewer.platformID,
        ...(viewer.merchantAccountID !== undefined ? { merchantAccountID: viewer.merchantAccountID } : {}),
        ...Object.fromEntries(Object.entries(window).filter(([, value]) => value !== undefined)),
        orderBy: { column: ORDER_COLUMNS[field], descending: direction === 'desc' },
        skip: filter.skip ?? 0,
        count: filter.count ?? DEFAULT_PAGE_COUNT,
      };
      // A merchant filter that is not the viewing merchant matches nothing, as Moov's filters narrow and never widen.
      if (filter.merchantAccountID !== undefined) {
        if (viewer.merchantAccountID !== undefined && viewer.merchantAccountID !== filter.merchantAccountID) return [];
        query.merchantAccountID = filter.merchantAccountID;
      }
      if (filter.cardholderAccountID !== undefined) query.cardholderAccountID = filter.cardholderAccountID;
      if (filter.status !== undefined) query.status = filter.status;
      if (filter.disputeIDs !== undefined) query.disputeIDs = filter.disputeIDs;
      if (filter.transferIDs !== undefined) query.transferIDs = filter.transferIDs;
      return (await listDisputeRows(sql, query)).map((row) => renderDispute(disputeFromRow(row)));
    });
  }

  async get(caller: Caller, accountID: string, disputeID: string): Promise<DisputeView> {
    return this.store.read(async (sql) => renderDispute(await this.visibleDispute(sql, caller, accountID, disputeID, 'read')));
  }

  /** The merchant accepts liability: final, the disputed money stays with the cardholder. */
  async accept(caller: Caller, accountID: string, disputeID: string): Promise<DisputeView> {
    return this.change(caller, accountID, disputeID, async (sql, clock, dispute) => {
      refuseUnlessAwaitingResponse(dispute.status, 'it can be accepted');
      return renderDispute(await transitionDispute(sql, clock, dispute, { status: 'accepted' }));
    });
  }

  async uploadFile(caller: Caller, accountID: string, disputeID: string, input: UploadedEvidenceFile): Promise<EvidenceUploadView> {
    // An unknown dispute is a 404 whatever the upload holds; the file is read before the unit of work, which awaits only the store.
    await this.store.read((sql) => this.visibleDispute(sql, caller, accountID, disputeID, 'write'));
    const file = await checkEvidenceFile(input);
    return this.change(caller, accountID, disputeID, async (sql, clock, dispute) => {
      const row = await this.addEvidence(sql, clock, dispute, 'evidence can be added', {
        evidenceType: file.evidenceType,
        text: null,
        filename: file.filename,
        mimeType: file.mimeType,
        size: file.bytes.byteLength,
        dataBase64: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString('base64'),
      });
      return renderUpload(row);
    });
  }

  async uploadText(caller: Caller, accountID: string, disputeID: string, body: CreateEvidenceTextBody): Promise<EvidenceTextView> {
    return this.change(caller, accountID, disputeID, async (sql, clock, dispute) => {
      const row = await this.addEvidence(sql, clock, dispute, 'evidence can be added', {
        evidenceType: body.evidenceType,
        text: body.text,
        filename: null,
        mimeType: null,
        size: null,
        dataBase64: null,
      });
      return renderText(row);
    });
  }

  async listEvidence(caller: Caller, accountID: string, disputeID: string): Promise<DisputeEvidenceView[]> {
    return this.store.read(async (sql) => {
      const dispute = await this.visibleDispute(sql, caller, accountID, disputeID, 'read');
      return (await evidenceOfDispute(sql, dispute.platformID, dispute.disputeID, MAX_EVIDENCE_PER_DISPUTE)).map(renderEvidence);
    });
  }

  async getEvidence(caller: Caller, accountID: string, disputeID: string, evidenceID: string): Promise<DisputeEvidenceView> {
    return this.store.read(async (sql) => renderEvidence(await this.visibleEvidence(sql, caller, accountID, disputeID, evidenceID, 'read')));
  }

  /** The bytes of an uploaded file, with the type they were uploaded as; text evidence has none (404). */
  async getEvidenceData(caller: Caller, accountID: string, disputeID: string, evidenceID: string): Promise<BinaryBody> {
    return this.store.read(async (sql) => {
      const evidence = await this.visibleEvidence(sql, caller, accountID, disputeID, evidenceID, 'read');
      const data = evidence.mime_type === null ? undefined : await evidenceData(sql, evidence.platform_id, evidence.dispute_id, evidence.evidence_id);
      if (data === undefined || evidence.mime_type === null) throw new NotFound('evidence data');
      return { contentType: evidence.mime_type, bytes: new Uint8Array(Buffer.from(data, 'base64')) };
    });
  }

  /**
   * Changes the type or the text of evidence not yet submitted, while the
   * dispute awaits a response (400 otherwise: the only error the SDK reads here).
   */
  async updateEvidence(caller: Caller, accountID: string, disputeID: string, evidenceID: string, body: UpdateEvidenceBody): Promise<DisputeEvidenceView> {
    return this.change(caller, accountID, disputeID, async (sql, clock, dispute) => {
      if (dispute.status !== 'response-needed') throw new BadRequest(`the dispute is ${dispute.status}: evidence can be changed only while it is response-needed`);
      const evidence = await findEvidenceRow(sql, dispute.platformID, dispute.disputeID, evidenceID);
      if (!evidence) throw new NotFound('evidence');
      if (body.text !== undefined && evidence.text === null) throw new BadRequest('text can be set only on text evidence; upload a new file instead');
      const at = timestamp(clock);
      await this.touch(sql, dispute);
      await updateEvidenceRow(sql, dispute.platformID, dispute.disputeID, evidenceID, {
        evidence_type: body.evidenceType ?? evidence.evidence_type,
        text: body.text ?? evidence.text,
        updated_on: at,
      });
      const updated = await findEvidenceRow(sql, dispute.platformID, dispute.disputeID, evidenceID);
      return renderEvidence(updated!);
    });
  }

  async deleteEvidence(caller: Caller, accountID: string, disputeID: string, evidenceID: string): Promise<void> {
    await this.change(caller, accountID, disputeID, async (sql, _clock, dispute) => {
      const evidence = await findEvidenceRow(sql, dispute.platformID, dispute.disputeID, evidenceID);
      if (!evidence) throw new NotFound('evidence');
      refuseUnlessAwaitingResponse(dispute.status, 'evidence can be deleted');
      await this.touch(sql, dispute);
      await deleteEvidenceRow(sql, dispute.platformID, dispute.disputeID, evidenceID);
    });
  }

  /**
   * Sends the evidence to the network, once per dispute: `under-review` with
   * `submittedOn` (on the dispute and on every piece of evidence); the sandbox
   * decides the outcome now (outcome.ts) and the network's answer arrives
   * after the decision delay (timing.ts).
   */
  async submit(caller: Caller, accountID: string, disputeID: string): Promise<DisputeView> {
    return this.change(caller, accountID, disputeID, async (sql, clock, dispute) => {
      refuseUnlessAwaitingResponse(dispute.status, 'evidence can be submitted');
      const evidence = await evidenceOfDispute(sql, dispute.platformID, dispute.disputeID, MAX_EVIDENCE_PER_DISPUTE);
      if (evidence.length === 0) throw new BadRequest('the dispute has no evidence: upload evidence before submitting');
      const at = timestamp(clock);
      await markEvidenceSubmitted(sql, dispute.platformID, dispute.disputeID, at);
      const next = await transitionDispute(sql, clock, dispute, { status: 'under-review', submittedOn: at, outcome: sandboxOutcome(evidence) });
      await enqueueJob(
        sql,
        {
          platformID: dispute.platformID,
          kind: DISPUTE_DECIDE_JOB,
          payload: { disputeID: dispute.disputeID },
          runAt: decisionAt(clock.now(), this.options.pacing),
          dedupeKey: `dispute:${dispute.disputeID}:decide`,
        },
        clock,
      );
      return renderDispute(next);
    });
  }

  /**
   * The transfers as given, each with `disputes` when it has any (the SDK's
   * `Transfer.disputes`), read in one query. Kept here so the transfers area
   * never imports disputes; the HTTP edge joins the two (as refunds do).
   */
  async withDisputes<T extends TransferView>(caller: Caller, transfers: T[]): Promise<T[]> {
    const disputed = transfers.filter((transfer) => transfer.disputedAmount !== undefined).map((transfer) => transfer.transferID);
    if (disputed.length === 0) return transfers;
    const rows = await this.store.read((sql) => disputesOfTransfers(sql, caller.platformID, disputed));
    const byTransfer = new Map<string, CardAcquiringDisputeView[]>();
    for (const row of rows) {
      const listed = { disputeID: row.dispute_id, createdOn: row.created_on, amount: { currency: row.currency, value: Number(row.amount) } };
      byTransfer.set(row.transfer_id, [...(byTransfer.get(row.transfer_id) ?? []), listed]);
    }
    return transfers.map((transfer) => {
      const disputes = byTransfer.get(transfer.transferID);
      return disputes ? { ...transfer, disputes } : transfer;
    });
  }

  // ------------------------------------------------------------ helpers

  /** One unit of work on a visible dispute, on the platform's clock; a concurrent change of the dispute is a 409. */
  private async change<T>(caller: Caller, accountID: string, disputeID: string, work: (sql: Sql, clock: Clock, dispute: DisputeRecord) => Promise<T>): Promise<T> {
    try {
      return await this.store.write(async (sql) => {
        const dispute = await this.visibleDispute(sql, caller, accountID, disputeID, 'write');
        const clock = await this.options.platformClock.view(sql, caller.platformID);
        return work(sql, clock, dispute);
      });
    } catch (error) {
      if (error instanceof DisputeChangedConcurrently) throw new Conflict('the dispute changed while this request ran; retry');
      throw error;
    }
  }

  /** Evidence changes bump the dispute's version, so a submission racing them fails instead of missing them. */
  private async touch(sql: Sql, dispute: DisputeRecord): Promise<void> {
    if (!(await touchDisputeRow(sql, dispute.platformID, dispute.disputeID, dispute.rowVersion))) throw new DisputeChangedConcurrently(dispute.disputeID);
  }

  private async addEvidence(
    sql: Sql,
    clock: Clock,
    dispute: DisputeRecord,
    action: string,
    piece: { evidenceType: string; text: string | null; filename: string | null; mimeType: string | null; size: number | null; dataBase64: string | null },
  ): Promise<EvidenceRow> {
    refuseUnlessAwaitingResponse(dispute.status, action);
    if ((await countEvidence(sql, dispute.platformID, dispute.disputeID)) >= MAX_EVIDENCE_PER_DISPUTE) {
      throw new Conflict(`a dispute holds at most ${MAX_EVIDENCE_PER_DISPUTE} pieces of evidence; delete one first`);
    }
    await this.touch(sql, dispute);
    const at = timestamp(clock);
    const row: EvidenceRow = {
      evidence_id: newRowID(),
      platform_id: dispute.platformID,
      dispute_id: dispute.disputeID,
      evidence_type: piece.evidenceType,
      text: piece.text,
      filename: piece.filename,
      mime_type: piece.mimeType,
      size: piece.size,
      created_on: at,
      updated_on: at,
      submitted_on: null,
    };
    await insertEvidence(sql, row, piece.dataBase64);
    return row;
  }

  private async viewer(sql: Sql, caller: Caller, accountID: string, mode: 'read' | 'write'): Promise<Viewer> {
    const id = accountID.toLowerCase();
    if (id === caller.platformID) return { platformID: caller.platformID };
    await (mode === 'write' ? writableAccount(sql, caller, id) : accessibleAccount(sql, caller, id));
    return { platformID: caller.platformID, merchantAccountID: id };
  }

  private async visibleDispute(sql: Sql, caller: Caller, accountID: string, disputeID: string, mode: 'read' | 'write'): Promise<DisputeRecord> {
    const viewer = await this.viewer(sql, caller, accountID, mode);
    const row = await findDisputeRow(sql, viewer.platformID, disputeID.toLowerCase());
    if (!row || (viewer.merchantAccountID !== undefined && row.merchant_account_id !== viewer.merchantAccountID)) throw new NotFound('dispute');
    return disputeFromRow(row);
  }

  private async visibleEvidence(sql: Sql, caller: Caller, accountID: string, disputeID: string, evidenceID: string, mode: 'read' | 'write'): Promise<EvidenceRow> {
    const dispute = await this.visibleDispute(sql, caller, accountID, disputeID, mode);
    const evidence = await findEvidenceRow(sql, dispute.platformID, dispute.disputeID, evidenceID.toLowerCase());
    if (!evidence) throw new NotFound('evidence');
    return evidence;
  }
}
