import { randomBytes } from 'node:crypto';
import type { Sealer } from '../sources/sealed-secret.ts';

/*
 * A webhook's signing secret at rest (decision 1500): sealed with the server's
 * sealer (the one of bank account numbers, 0500), bound to its webhook by the
 * seal's context, so a sealed secret copied to another webhook's row does not
 * open. The API (`GET /webhooks/{webhookID}/secret`) and the delivery worker
 * open it with the same context.
 */

function context(webhookID: string): string {
  return `webhook/${webhookID}/secret`;
}

export function sealWebhookSecret(sealer: Sealer, webhookID: string, secret: string): string {
  return sealer.seal(secret, context(webhookID));
}

/** Throws SealedSecretError when the value was damaged, copied from another webhook or sealed with a key not in the ring. */
export function openWebhookSecret(sealer: Sealer, webhookID: string, sealed: string): string {
  return sealer.open(sealed, context(webhookID));
}

/** A new signing secret: 32 random bytes, base64url (43 characters). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}
