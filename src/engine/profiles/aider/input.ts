// The aider profile's input: the model's reply, aider's edit format and the chat's files.

import { z } from 'zod';
import { editString } from '../profile';

export const AIDER_FORMATS = ['diff', 'diff-fenced', 'udiff', 'whole'] as const;
export type AiderFormat = (typeof AIDER_FORMATS)[number];

/** The openings of aider's fences (base_coder.py `all_fences`), in the order choose_fence tries them. */
export const AIDER_FENCES = ['```', '````', '<source>', '<code>', '<pre>', '<codeblock>', '<sourcecode>'] as const;
export type AiderFence = (typeof AIDER_FENCES)[number];

export const aiderSchema = z.strictObject({
  reply: editString().describe("The model's reply as it wrote it: prose with the edits in aider's format"),
  format: z
    .enum(AIDER_FORMATS)
    .optional()
    .describe('aider --edit-format: diff (SEARCH/REPLACE blocks, the default), diff-fenced (the file name inside the fence), udiff (unified diffs in ```diff fences), whole (each file whole in a fence)'),
  chat_files: z
    .array(editString())
    .optional()
    .describe("Files added to aider's chat, relative to the workspace root; default: the existing files the reply names"),
  fence: z
    .enum(AIDER_FENCES)
    .optional()
    .describe(
      "The fence aider quoted the chat's files with, and so reads the reply with: the first of aider's fences that no line of the chat's files starts with. Default: chosen from chat_files, as aider does; give it when the chat held files the workspace does not have (a recorded session's reply)",
    ),
});

export type AiderInput = z.infer<typeof aiderSchema>;
