import type { Services } from './services.ts';

/** What `upgradeAtRest` converted. */
export interface AtRestUpgrade {
  /** API secret hashes converted from bare SHA-256 to the keyed form (decisions/0206). */
  secretHashes: number;
  /** Accounts whose birth date and ID numbers were stored in the clear, now sealed (decisions/0504). */
  sealedAccounts: number;
}

/**
 * Brings data stored by an older Railyard to the current form at rest, with
 * the key material `createServices` was given: the part of an upgrade a SQL
 * migration cannot do, as it needs the key. `serve` runs it once at start-up,
 * after `migrate` and before answering requests. Idempotent, and reads do not
 * depend on it: a row not converted yet still reads and checks the same.
 */
export async function upgradeAtRest(services: Services): Promise<AtRestUpgrade> {
  return {
    secretHashes: await services.credentials.upgradeLegacyHashes(),
    sealedAccounts: await services.accounts.sealPlainSensitive(),
  };
}
