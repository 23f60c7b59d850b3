// Shared with every feature's tests: test/support/onboarding.ts (import from there).
export {
  BUSINESS_ADDRESS as ADDRESS,
  llcBody,
  controllerBody,
  ownerBody,
  cardUnderwriting,
  SAMPLE_FILES as SAMPLE,
  uploadAccountFile as upload,
  getCapability as capability,
  type UploadParts,
} from '../support/onboarding.ts';
export { requestV2026 as v26 } from '../support/versions.ts';

/**
 * An answer's text without its UUIDs and timestamps, for checks that a representative's
 * sealed digits ("6789") or birth year ("1980") never show: a random ID or the time can
 * hold the same four digits by chance (it failed CI once). A birth date (`1980-01-02`, no
 * time) stays in the text and is still caught.
 */
export function withoutIdsAndTimes(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
}
