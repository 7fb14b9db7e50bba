// Which files of a folder may be transcripts, by name: what the CLI's folder walk and the app's
// Open dialog and folder drop offer alike. A Gemini CLI chat export or a Cline task export is a
// .md of any name (Cline names it cline_task_<date>.md, Roo Code roo_task_…, Kilo Code
// kilo_code_task_…, and people rename them), told by its head (markdown-exports.ts isExportHead),
// so a .md is only a candidate.

export const TRANSCRIPT_EXTENSIONS = ['.jsonl', '.json', '.log', '.txt', '.traj'] as const;

/** aider's chat history is markdown: read under its own name only, not every README. */
export const AIDER_HISTORY_NAME = '.aider.chat.history.md';

/** aider's name for it, also without the leading dot (committed copies often drop it) and after a prefix (`x.aider.chat.history.md`). */
const AIDER_HISTORY = /(?:^|[/\\.])aider\.chat\.history\.md$/i;

export const isTranscriptName = (name: string): boolean => TRANSCRIPT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)) || AIDER_HISTORY.test(name);

/** A .md of another name: a transcript only when its head is a Gemini CLI or Cline export's. */
export const isMarkdownCandidate = (name: string): boolean => name.toLowerCase().endsWith('.md') && !isTranscriptName(name);

/** How much of a candidate's head tells an export (a Gemini CLI export's first non-empty line, a Cline export's first three). */
export const EXPORT_HEAD_BYTES = 4096;

/** A path inside a folder the walks leave out (.git, node_modules). */
export const isLeftOut = (path: string): boolean => path.split('/').some((seg) => seg === '.git' || seg === 'node_modules');
