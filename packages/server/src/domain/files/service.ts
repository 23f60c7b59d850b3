import { createHash, randomUUID } from 'node:crypto';
import { basename } from 'node:path/posix';
import { MAX_FILES_PER_ACCOUNT, type FileDetailsView, type FileUploadInput } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { countFilesOf, filesOf, findFile, insertFile, type AccountFileRow } from '../../store/repos/account-files.ts';
import { findLiveRepresentative } from '../../store/repos/representatives.ts';
import type { Clock } from '../../kernel/clock.ts';
import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors.ts';
import { platformClockIn } from '../../kernel/platform-clock.ts';
import { accessibleAccount, writableAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { contentMatches } from './content.ts';
import { parseFileMetadata } from './metadata.ts';

export type RecomputeCapabilities = (sql: Sql, clock: Clock, platformID: string, accountID: string) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_FILE_NAME_LENGTH = 255;

/**
 * Documents of an account (decision 1702): checked (type by content, name,
 * metadata), kept with their bytes in the database, approved at once in the
 * sandbox, and recomputed into the capability requirements, in one unit of work.
 */
export class FileService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly recompute: RecomputeCapabilities,
  ) {}

  async upload(caller: Caller, accountID: string, input: FileUploadInput): Promise<FileDetailsView> {
    const bytes = Buffer.from(await input.file.arrayBuffer());
    const problems: Record<string, string> = {};
    if (bytes.length === 0) problems['file'] = 'cannot be empty';
    else if (!contentMatches(input.file.type, bytes)) problems['file'] = `the content is not a valid ${input.file.type} file`;
    // Only the name: a client may send a path, which means nothing here.
    const fileName = basename(input.file.name.replaceAll('\\', '/')).trim();
    if (fileName === '') problems['fileName'] = 'cannot be blank';
    else if (fileName.length > MAX_FILE_NAME_LENGTH) problems['fileName'] = `the length must be no more than ${MAX_FILE_NAME_LENGTH}`;
    else if (/[\u0000-\u001f\u007f]/.test(fileName)) problems['fileName'] = 'must not contain control characters';
    const parsed = parseFileMetadata(input.metadata);
    if ('problem' in parsed) problems['metadata'] = parsed.problem;

    return this.store.write(async (sql) => {
      await writableAccount(sql, caller, accountID);
      const representativeID = 'metadata' in parsed ? parsed.metadata.representative_id : undefined;
      if (representativeID !== undefined && (!UUID.test(representativeID) || !(await findLiveRepresentative(sql, accountID, representativeID.toLowerCase())))) {
        problems['metadata'] ??= 'representative_id names no representative of this account';
      }
      if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
      if ((await countFilesOf(sql, accountID)) >= MAX_FILES_PER_ACCOUNT) throw new Conflict(`an account holds at most ${MAX_FILES_PER_ACCOUNT} files`);
      const clock = await platformClockIn(sql, this.clock, caller.platformID);
      const now = clock.now().toISOString();
      const row: AccountFileRow = {
        file_id: randomUUID(),
        account_id: accountID,
        file_name: fileName,
        file_purpose: input.filePurpose,
        file_status: 'approved',
        media_type: input.file.type,
        metadata: JSON.stringify('metadata' in parsed ? parsed.metadata : {}),
        decision_reason: null,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        created_on: now,
        updated_on: now,
      };
      await insertFile(sql, row, bytes);
      await this.recompute(sql, clock, caller.platformID, accountID);
      return render(row);
    });
  }

  async list(caller: Caller, accountID: string): Promise<FileDetailsView[]> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      return (await filesOf(sql, accountID)).map(render);
    });
  }

  async get(caller: Caller, accountID: string, fileID: string): Promise<FileDetailsView> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      const row = await findFile(sql, accountID, fileID);
      if (!row) throw new NotFound('file');
      return render(row);
    });
  }
}

function render(row: AccountFileRow): FileDetailsView {
  return {
    fileID: row.file_id,
    fileName: row.file_name,
    accountID: row.account_id,
    filePurpose: row.file_purpose as FileDetailsView['filePurpose'],
    fileStatus: row.file_status as FileDetailsView['fileStatus'],
    metadata: row.metadata,
    ...(row.decision_reason ? { decisionReason: row.decision_reason } : {}),
    fileSizeBytes: row.size_bytes,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
  };
}
