// The aider_edit contract suite as plain data in the suite format (SPEC 7): the contracts layer
// reads it through the registry as the built-in suite named after the profile. Every case runs on
// a workspace mounted at /repo.

import type { ProfileSuite } from '../profile';
import { R } from './case-kit';
import { AIDER_CASES } from './cases';

export const AIDER_SUITE: ProfileSuite = {
  description:
    "aider's edit formats (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c, Apache-2.0): cases re-expressed from tests/basic/test_editblock.py, test_udiff.py and test_wholefile.py, and from the coders' replies where no test covers them",
  mount: R,
  cases: AIDER_CASES,
};
