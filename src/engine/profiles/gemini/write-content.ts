// What Gemini CLI's write_file does to `content` before it writes it, where no model is asked
// (gemini-cli packages/core/src/utils/editCorrector.ts and tools/write-file.ts, read at v0.28.0,
// v0.29.0, v0.31.0 and 5411f11; written here from their behaviour):
//
// - Before 0.32.0, with the model-based correction off (`disableLLMCorrection`, true by default),
//   a new file's content that looks over-escaped is unescaped by a fixed rule
//   (unescapeStringForGeminiBug): any run of backslashes before `n`, `t`, `r`, `'`, `"`, a
//   backtick, a backslash or a line break becomes that character (`\n` a line break, a backslash
//   before a line break is dropped). An existing file's content went through the edit corrector
//   with the whole file as old_string, which (with no model) changes the content only by its
//   final trim: when the file's text has whitespace at its start (or blanks after its last line
//   break) and the file trimmed so occurs once in itself, the content is trimmed the same way
//   (leading whitespace, trailing blanks; its trailing line breaks kept).
// - From 0.32.0 the fixed unescape runs only for a model that is not Gemini 2.x or 3.x nor a
//   custom model (`aggressiveUnescape`), and never for .json/.ipynb/.jsonc/.json5 files; the
//   transcript does not say which model ran, and the usual ones are Gemini 2.5 or 3, so the
//   content is written as given and a warning says what another model would have written.

/** The fixed unescape rule (unescapeStringForGeminiBug). */
export function unescapeForGeminiBug(s: string): string {
  return s.replace(/\\+(n|t|r|'|"|`|\\|\n)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : c));
}

/** trimPreservingTrailingNewline: trimmed, the line breaks among the trailing whitespace put back. */
export function trimKeepingNewlines(s: string): string {
  const end = s.trimEnd();
  return s.trim() + s.slice(end.length).replace(/[^\r\n]/g, '');
}

function occurrences(text: string, sub: string): number {
  if (sub === '') return 0;
  let n = 0;
  for (let i = text.indexOf(sub); i !== -1; i = text.indexOf(sub, i + sub.length)) n++;
  return n;
}

/**
 * ensureCorrectEdit with old_string the file's whole text and no model (0.28 to 0.31): the content
 * trimmed as above when the file's trimmed text occurs exactly once in it, else as given. An empty
 * file is never found (no occurrence of ''), so its content is kept.
 */
export function legacyExistingContent(original: string, content: string): string {
  if (original === '') return content;
  const trimmed = trimKeepingNewlines(original);
  if (trimmed.length === original.length || occurrences(original, trimmed) !== 1) return content;
  return trimKeepingNewlines(content);
}

const NEVER_CORRECTED = ['.json', '.ipynb', '.jsonc', '.json5'];

/** Whether 0.32 on would leave the file's content alone whatever the model (path.extname). */
export function neverCorrected(absPath: string): boolean {
  const base = absPath.slice(absPath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && NEVER_CORRECTED.includes(base.slice(dot).toLowerCase());
}
