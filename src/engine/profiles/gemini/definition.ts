// The `replace` tool's description and parameter texts, in our words: what Gemini CLI's tool does
// (src/engine/profiles/gemini/replace.md), not its prompt text, which is Gemini CLI's own writing.

export const REPLACE_DESCRIPTION = `Gemini CLI's edit tool: replace text in one file.

- old_string must be the literal text of the file (whitespace, indentation and line breaks included), never escaped. Without allow_multiple it must match exactly one place; with allow_multiple: true every match is replaced.
- When the literal text is not found, the tool tries in turn a match that ignores each line's indentation, a token-wise regular expression, and a close fuzzy match; the result names none of this, the stage does.
- new_string is the literal replacement; it must differ from old_string and must not shorten code with placeholders such as "(rest of methods ...)".
- instruction says, in a sentence or two, why and what changes: the reference keeps it for its optional model-based repair of a failed edit.
- An empty old_string on a path that does not exist creates the file with new_string as its content.`;

export const PARAM_DESCRIPTIONS = {
  file_path: 'Path of the file to change (absolute, or relative to the project root).',
  instruction: 'What the change is for and what it does, specific enough that another engineer or model could make it without the other fields.',
  old_string: 'The literal text to replace, unescaped; include a few lines of context before and after so that it matches exactly one place.',
  new_string: 'The literal text to put in its place, unescaped and complete: no omission placeholders such as "..." or "unchanged code".',
  allow_multiple: 'Replace every occurrence of old_string (true) or require exactly one (false, the default).',
} as const;
