// What the `apply_patch` suite's cases share: the workspace they mount, the codex files they
// cite, and the shapes of a patch, of Codex's success summary and of its newline warning.

export const W = '/workspace';
export const SCENARIOS = 'codex-rs/apply-patch/tests/fixtures/scenarios';
export const LIB = 'codex-rs/apply-patch/src/lib.rs';
export const PARSER = 'codex-rs/apply-patch/src/parser.rs';
export const SEEK = 'codex-rs/apply-patch/src/seek_sequence.rs';
export const FILE_UPDATE = 'codex-rs/apply-patch/src/file_update_tests.rs';
export const INVOCATION = 'codex-rs/apply-patch/src/invocation.rs';
export const CLI = 'codex-rs/core/tests/suite/apply_patch_cli.rs';

/** Workspace files by path relative to the mount. */
export const at = <T extends string | null>(files: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${W}/${k}`, v]));
export const scenario = (name: string) => ({ document: `${SCENARIOS}/${name}`, case: `${name} (patch.txt, input/, expected/)` });
export const patch = (...body: string[]) => ({ input: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });
export const success = (...lines: string[]) => ({ output: ['Success. Updated the following files:', ...lines, ''].join('\n') });
export const VERIFY = 'apply_patch verification failed: ';
export const NEWLINE_WARNING = (p: string) => `${p}: codex gives every line of the file a line break, so the file, which had no final newline, now ends with one`;
