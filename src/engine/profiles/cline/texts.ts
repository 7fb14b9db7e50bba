// The texts Cline answers its model with for `replace_in_file` and `write_to_file` (behaviour, so
// byte for byte): cline/cline src/core/prompts/responses.ts (formatResponse) and
// src/core/task/tools/handlers/WriteToFileToolHandler.ts at
// 9ee618111d58630fea30b27439216448225458e0 (Apache-2.0). Cline prefixes every tool result with
// `[<tool> for '<path>'] Result:\n`; that header is its transcript's framing, not the tool's
// text, and the playground's session import drops it too (src/sessions/cline.ts).

/** `String.prototype.toPosix` in Cline: backslashes become slashes. */
export const toPosix = (p: string): string => p.replaceAll('\\', '/');

const TOOL_USE_REMINDER = `# Reminder: Instructions for Tool Use
Tool uses are formatted using XML-style tags. The tool name is enclosed in opening and closing tags, and each parameter is similarly enclosed within its own set of tags. Here's the structure:
<tool_name>
<parameter1_name>value1</parameter1_name>
<parameter2_name>value2</parameter2_name>
...
</tool_name>
For example:
<attempt_completion>
<result>
I have completed the task...
</result>
</attempt_completion>
Always adhere to this format for all tool uses to ensure proper parsing and execution.`;

export const toolError = (error: string): string => `The tool execution failed with the following error:\n<error>\n${error}\n</error>`;

/** A missing `path` (formatResponse.missingToolParameterError, through toolError). */
export const missingParameter = (name: string): string =>
  toolError(`Missing value for required parameter '${name}'. Please retry with complete response.\n\n${TOOL_USE_REMINDER}`);

export const missingDiff = (relPath: string): string =>
  toolError(
    `Failed to edit '${relPath}': The 'diff' parameter was empty.\n\n` +
      'The diff parameter must contain SEARCH/REPLACE blocks in this format:\n' +
      '<<<<<<< SEARCH\nexact lines to find\n=======\nreplacement lines\n>>>>>>> REPLACE\n\n' +
      'Rules:\n' +
      '- The SEARCH block must match existing file content exactly (including whitespace and indentation)\n' +
      '- You can include multiple SEARCH/REPLACE blocks in a single diff parameter\n' +
      "- If you're unsure of the exact content, use read_file first to see the current file",
  );

/**
 * A missing `content`, as the first failure in a row (the playground keeps no count of earlier
 * ones) with no context-window figure (the playground has no model).
 */
export const missingContent = (relPath: string): string =>
  toolError(
    `Failed to write to '${relPath}': The 'content' parameter was empty. This typically happens when the file content is too large to generate in a single response, or when output token limits are reached before the content parameter is fully written.\n\n` +
      'Suggestions:\n' +
      '- If the file is large, try breaking down the task into smaller steps. Write a skeleton first, then fill in sections using replace_in_file.\n' +
      '- If the file already exists, prefer replace_in_file to make targeted edits instead of rewriting the entire file.\n' +
      "- Ensure the 'content' parameter contains the complete file content before closing the tool tag.\n\n" +
      TOOL_USE_REMINDER,
  );

const MARKER_HINT = (search: string, replace: string): string =>
  ` (Please also ensure that when using the replace_in_file tool, Do NOT add extra characters to the markers (e.g., ${search}> is INVALID). Do NOT forget to use the closing ${replace} marker. Do NOT modify the marker format in any way. Malformed XML will cause complete tool failure and break the entire editing process.)`;

/** diffError's paragraph on the markers, by release: none before 3.17.5 (f2ffe26a), the `<<<<<<<` markers to 3.17.8, the `-------` ones from 3.17.9 (203f805548). */
const DIFF_HINTS = { none: '', angle: MARKER_HINT('<<<<<<< SEARCH', '>>>>>>> REPLACE'), dash: MARKER_HINT('------- SEARCH', '+++++++ REPLACE') } as const;

/** The diff could not be applied: the error, then formatResponse.diffError with the file as read. */
export const diffFailed = (message: string, relPath: string, original: string, hint: keyof typeof DIFF_HINTS = 'dash', before312 = false): string =>
  toolError(
    `${message}\n\n` +
      `This is likely because the SEARCH block content doesn't match exactly with what's in the file, or if you used multiple SEARCH/REPLACE blocks they may not have been in the order they appear in the file.${DIFF_HINTS[hint]}\n\n` +
      'The file was reverted to its original state:\n\n' +
      `<file_content path="${toPosix(relPath)}">\n${original}\n</file_content>\n\n` +
      (before312 ? DIFF_CLOSING_BEFORE_312 : DIFF_CLOSING),
  );

const DIFF_CLOSING =
  'Now that you have the latest state of the file, try the operation again with fewer, more precise SEARCH blocks. For large files especially, it may be prudent to try to limit yourself to <5 SEARCH/REPLACE blocks at a time, then wait for the user to respond with the result of the operation before following up with another replace_in_file call to make additional edits.\n(If you run into this error 3 times in a row, you may use the write_to_file tool as a fallback.)';
/** diffError's closing from 3.8.5 to 3.11.x (before bf10cd4efb). */
const DIFF_CLOSING_BEFORE_312 =
  "Now that you have the latest state of the file, try the operation again with fewer/more precise SEARCH blocks.\n(If you run into this error 3 times in a row, you may use the write_to_file tool as a fallback. Keep in mind, the write_to_file fallback is far from ideal, as this means you'll be re-writing the entire contents of the file just to make a few edits, which takes time and money. So let's bias towards using replace_in_file as effectively as possible)";

/**
 * formatResponse.fileEditWithoutUserChanges: no user edits, no auto-formatting, no new problems
 * (the playground has no editor or diagnostics). `finalContent` undefined prints as `undefined`,
 * as Cline's template does when the written content is empty.
 */
export const saved = (relPath: string, finalContent: string | undefined): string =>
  `The content was successfully saved to ${toPosix(relPath)}.\n\n` +
  'Here is the full, updated content of the file that was saved:\n\n' +
  `<final_file_content path="${toPosix(relPath)}">\n${String(finalContent)}\n</final_file_content>\n\n` +
  'IMPORTANT: For any future changes to this file, use the final_file_content shown above as your reference. This content reflects the current state of the file, including any auto-formatting (e.g., if you used single quotes but the formatter converted them to double quotes). Always base your SEARCH/REPLACE operations on this final version to ensure accuracy.\n\n';
