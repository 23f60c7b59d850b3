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
