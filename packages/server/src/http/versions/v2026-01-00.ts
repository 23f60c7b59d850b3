import type { ChangeSet } from './transforms.ts';

/**
 * What v2026.01.00 changed against v2024.01.00 for the operations we serve
 * (behaviour.md §2.1). Callers on v2024.01.00 get these transforms.
 */
export const v2026_01_00: ChangeSet = {
  introducedIn: 'v2026.01.00',
  description: 'v2024.01.00 → v2026.01.00',
  operations: {},
};
