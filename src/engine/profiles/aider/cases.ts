// The aider profile's contract cases (suite `aider_edit`), re-expressed from aider's own tests.

import type { AiderCase } from './case-kit';
import { BEHAVIOUR_CASES } from './cases-behaviour';
import { EDITBLOCK_CASES } from './cases-editblock';
import { UDIFF_CASES } from './cases-udiff';
import { WHOLE_CASES } from './cases-whole';

export const AIDER_CASES: AiderCase[] = [...EDITBLOCK_CASES, ...WHOLE_CASES, ...UDIFF_CASES, ...BEHAVIOUR_CASES];
