// Which Markdown files are chat exports the folder walks read, by their head (the first
// EXPORT_HEAD_BYTES): a Gemini CLI export's first non-empty line is a turn heading, a Cline (Roo
// Code, Kilo Code) task export starts `**User:**`, a blank line, and the task's `<task>`.

import { clineMarkdownMarker } from './cline-markdown';
import { geminiMarkdownMarker } from './gemini-cli-markdown';

export const isExportHead = (head: string): boolean => geminiMarkdownMarker(head)?.atStart === true || clineMarkdownMarker(head) !== null;
