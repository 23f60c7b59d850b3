import { randomUUID } from 'node:crypto';
import type { Store } from '../../store/port.ts';
import { countPlatforms, findApiKey, firstPlatform, insertApiKey, insertPlatform } from '../../store/repos/platforms.ts';
import { insertFacilitatorAccount } from '../accounts/facilitator.ts';
import { FACILITATOR_CAPABILITIES } from '../accounts/capabilities.ts';
import { recordCapabilities } from '../capabilities/record.ts';
import { recomputeCapabilities } from '../capabilities/recompute.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { Conflict } from '../../kernel/errors.ts';
import { ephemeralSecretHasher, randomToken, type SecretHasher } from '../auth/secrets.ts';

export interface PlatformCredentials {
  accountID: string;
  publicKey: string;
  secret: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_\-.]{8,128}$/;

export class PlatformService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /**
     * The keyed hash API secrets are stored with (0206): the credential service's,
     * handed in by compose. The default, a key that dies with the process, suits
     * only tests that never check a secret through another service.
     */
    private readonly hasher: SecretHasher = ephemeralSecretHasher(),
  ) {}

  /**
   * Creates a platform: its facilitator account and one API key. A given public
   * key may be chosen (for reproducible setups); it must be unique.
   */
  async create(input: { name: string; publicKey?: string; secret?: string }): Promise<PlatformCredentials> {
    const name = input.name.trim();
    if (name.length === 0 || name.length > 128) throw new Error('--name must be 1 to 128 characters');
    const publicKey = input.publicKey ?? randomToken(18);
    const secret = input.secret ?? randomToken(32);
    if (!KEY_PATTERN.test(publicKey)) throw new Error('public key must be 8-128 characters of A-Z a-z 0-9 _ - .');
    if (secret.length < 16 || secret.length > 256) throw new Error('secret must be 16 to 256 characters');
    const accountID = randomUUID();
    const now = timestamp(this.clock);
    await this.store.write(async (sql) => {
      if (await findApiKey(sql, publicKey)) throw new Conflict('public key already in use');
      await insertPlatform(sql, accountID, name, now);
      await insertFacilitatorAccount(sql, accountID, name, now);
      await recordCapabilities(sql, accountID, FACILITATOR_CAPABILITIES.map((capability) => ({ capability, status: 'enabled' })), now);
      // The facilitator's wallet capabilities are enabled: its default wallet and moov-wallet method appear now.
      await recomputeCapabilities(sql, this.clock, accountID, accountID);
      await insertApiKey(sql, { publicKey, platformID: accountID, secretHash: this.hasher.hash(secret), createdOn: now });
    });
    return { accountID, publicKey, secret };
  }

  /**
   * Makes sure a platform exists for `serve`. With a bootstrap key `K:S` the key
   * is created once and reused on every restart; without one a platform is made
   * only on an empty database. Answers the platform and, when new, its secret.
   */
  async bootstrap(input: { name: string; bootstrapKey?: string }): Promise<{
    accountID: string;
    publicKey?: string;
    secret?: string;
    created: boolean;
  }> {
    if (input.bootstrapKey !== undefined) {
      const colon = input.bootstrapKey.indexOf(':');
      if (colon <= 0) throw new Error('RAILYARD_BOOTSTRAP_KEY must look like PUBLIC_KEY:SECRET');
      const publicKey = input.bootstrapKey.slice(0, colon);
      const secret = input.bootstrapKey.slice(colon + 1);
      const existing = await this.store.read((sql) => findApiKey(sql, publicKey));
      if (existing) {
        if (this.hasher.matches(existing.secret_hash, secret) === 'no') {
          throw new Error('RAILYARD_BOOTSTRAP_KEY names an existing public key with a different secret');
        }
        return { accountID: existing.platform_id, publicKey, created: false };
      }
      const made = await this.create({ name: input.name, publicKey, secret });
      return { ...made, created: true };
    }
    const existing = await this.store.read(async (sql) => ((await countPlatforms(sql)) > 0 ? firstPlatform(sql) : undefined));
    if (existing) return { accountID: existing.platform_id, created: false };
    const made = await this.create({ name: input.name });
    return { ...made, created: true };
  }
}
