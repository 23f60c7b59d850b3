import type { EvidenceRow } from '../../store/repos/dispute-evidence.ts';

/**
 * The sandbox network's decision on contested disputes (docs/sandbox.md
 * "Disputes"; Moov documents no rule): taken when the evidence is submitted,
 * applied when the network answers. A dispute is lost when any of its text
 * evidence holds the words `losing_evidence`; otherwise it is won.
 */
export const LOSING_EVIDENCE_MARKER = 'losing_evidence';

export function sandboxOutcome(evidence: readonly Pick<EvidenceRow, 'text'>[]): 'won' | 'lost' {
  return evidence.some((piece) => piece.text?.toLowerCase().includes(LOSING_EVIDENCE_MARKER)) ? 'lost' : 'won';
}
