// `apply_patch` as older Codex releases answer (release: the Codex version the case runs as, or
// `before-3374` for the releases out before 2025-09-09, releases.ts). Before openai/codex#3374
// (merged 2025-09-09) codex-rs/apply-patch/src/lib.rs `compute_replacements` named the lines a
// chunk missed as `Failed to find expected lines {:?} in {}` (the `Vec<String>` in Rust's Debug
// form), and codex-rs/core/src/codex.rs answered a patch that failed verification with
// `format!("error: {parse_error:#}")`. The shapes are those of JaydenXsoe/ocodex's August 2025
// rollouts (`error: Failed to find expected lines ["    hair = …", …] in /Users/…/gen/analyze_ref.py`,
// `error: invalid hunk at line 28, …`); the texts here are invented.

import type { ContractCaseData } from '../profile';
import { at, LIB, patch, success, W } from './cases-support';

const CORE = 'codex-rs/core/src/codex.rs before openai/codex#3374';
const OLD_LIB = `${LIB} before openai/codex#3374`;

export const applyPatchReleaseCases: ContractCaseData[] = [
  {
    id: 'release-before-3374-not-found',
    title: 'Before 2025-09-09: the lines not found as a Rust list, quotes and backslashes escaped, after "error: "',
    release: 'before-3374',
    source: { document: OLD_LIB, case: 'compute_replacements: Failed to find expected lines {:?} in {}' },
    given: { files: at({ 'gen/x.py': 'print("hi")\n' }) },
    when: patch('*** Update File: gen/x.py', '@@', ' say = "hi"', "-path = 'C:\\dir'\t", '+path = 1'),
    then: { error: { code: 'ComputeReplacements', message: `error: Failed to find expected lines ["say = \\"hi\\"", "path = 'C:\\\\dir'\\t"] in ${W}/gen/x.py` } },
  },
  {
    id: 'release-before-3374-control-characters',
    title: 'Before 2025-09-09: an empty line, a NUL, a zero-width space and a variation selector in the list',
    release: 'before-3374',
    source: { document: OLD_LIB, case: "Rust's Debug of a str: \\0 escaped, non-printable and grapheme-extending characters as \\u{…}" },
    given: { files: at({ 'a.txt': 'one\n' }) },
    when: patch('*** Update File: a.txt', '@@', '-nul\0x', '-', '-x\u200by', '-\u2764\ufe0f'),
    then: { error: { code: 'ComputeReplacements', message: `error: Failed to find expected lines ["nul\\0x", "", "x\\u{200b}y", "\u2764\\u{fe0f}"] in ${W}/a.txt` } },
  },
  {
    id: 'release-before-3374-invalid-hunk',
    title: 'Before 2025-09-09: a parse error after "error: "',
    release: 'before-3374',
    source: { document: CORE, case: 'MaybeApplyPatchVerified::CorrectnessError: format!("error: {parse_error:#}")' },
    when: { input: '*** Begin Patch\n*** Frobnicate File: a.txt\n*** End Patch' },
    then: {
      error: {
        code: 'InvalidHunkError',
        message: "error: invalid hunk at line 2, '*** Frobnicate File: a.txt' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'",
      },
    },
  },
  {
    id: 'release-before-3374-success',
    title: 'Before 2025-09-09: a patch that applies answers as later releases do',
    release: 'before-3374',
    source: { document: OLD_LIB, case: 'print_summary' },
    given: { files: at({ 'a.txt': 'one\n' }) },
    when: patch('*** Update File: a.txt', '@@', '-one', '+two'),
    then: { result: success('M a.txt'), files: at({ 'a.txt': 'two\n' }) },
  },
];
