// The aider profile's contract cases (suite `aider`), re-expressed from aider's own tests.

import type { AiderCase } from './case-kit';
import { EDITBLOCK_CASES } from './cases-editblock';

export const AIDER_CASES: AiderCase[] = [...EDITBLOCK_CASES];
