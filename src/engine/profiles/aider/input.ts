// The aider profile's input: the model's reply, aider's edit format and the chat's files.

import { z } from 'zod';
import { editString } from '../profile';

export const AIDER_FORMATS = ['diff', 'diff-fenced', 'udiff', 'whole'] as const;
export type AiderFormat = (typeof AIDER_FORMATS)[number];

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
});

export type AiderInput = z.infer<typeof aiderSchema>;
