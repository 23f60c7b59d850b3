import type { ChangeSet } from './transforms.ts';
import { v2026_01_00 } from './v2026-01-00.ts';

/** Every change set, newest first. */
export const changeSets: readonly ChangeSet[] = [v2026_01_00];
