// Aider chat histories (.aider.chat.history.md). The first session is the start of
// AndrewJacop/Simple-Calulator `.aider.chat.history.md` @8424ac2df6c180fb363157fbace9b1d71f774161
// (Aider v0.82.2, diff-fenced blocks, `> Applied edit to …`), its reply cut to two blocks. The
// failed block is written in the message aider sends back (`aider/coders/editblock_coder.py`
// apply_edits, @5dc9490b), as the same history records one at its line 1072: `> ` on the first
// line only and the two-space break on the last.

import { describe, expect, it } from 'vitest';
import { createSessionParser, parseSession } from '../../src/sessions/parse';

const UNSUPPORTED = "Aider's SEARCH/REPLACE blocks have no profile in the playground yet: listed, not replayed";

/** The 1-based line of the nth line that equals `text` (or starts with it, with `prefix`). */
const lineOf = (doc: string, text: string, nth = 1, prefix = false): number => {
  let seen = 0;
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) if ((prefix ? lines[i]!.startsWith(text) : lines[i] === text) && ++seen === nth) return i + 1;
  throw new Error(`no line ${text}`);
};

const REAL = `
# aider chat started at 2025-05-04 17:02:36

> Add .aider* to .gitignore (recommended)? (Y)es/(N)o [Yes]: y  
> Added .aider* to .gitignore  
> Aider v0.82.2  
> Main model: gemini/gemini-2.5-pro-exp-03-25 with diff-fenced edit format  
> Git repo: .git with 13 files  

#### i want to add a dark/light mode switch on the top right of the screen  

Okay, I understand. We need to add a theme toggle feature.

#### 1. Update \`App.js\` to manage theme state:

\`\`\`javascript
src/App.js
<<<<<<< SEARCH
import React, { useState } from "react";
import ButtonsContainer from "./components/ButtonsContainer";
=======
import React, { useState, useEffect } from "react";
import ButtonsContainer from "./components/ButtonsContainer";
>>>>>>> REPLACE
\`\`\`

\`\`\`javascript
<<<<<<< SEARCH
function App() {
  const [display, setDisplay] = useState("");
=======
function App() {
  const [display, setDisplay] = useState("");
  const [isDarkMode, setIsDarkMode] = useState(true); // Default to dark mode
>>>>>>> REPLACE
\`\`\`

These changes introduce a theme state.

> Tokens: 5.4k sent, 1.1k received.  
> Applied edit to src/App.js  
`;

const FAILED = `
#### make the bubble bigger  

src/styles.css
\`\`\`css
<<<<<<< SEARCH
.emoji-bubble {
  width: 60px;
=======
.emoji-bubble {
  width: 80px;
>>>>>>> REPLACE
\`\`\`

src/components/EmojiBubble.jsx
\`\`\`javascript
<<<<<<< SEARCH
const BUBBLE_SIZE = 60;
=======
const BUBBLE_SIZE = 80;
>>>>>>> REPLACE
\`\`\`

> Tokens: 13k sent, 2.3k received.  
> The LLM did not conform to the edit format.  
> https://aider.chat/docs/troubleshooting/edit-errors.html  
> # 1 SEARCH/REPLACE block failed to match!

## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in src/components/EmojiBubble.jsx
<<<<<<< SEARCH
const BUBBLE_SIZE = 60;
=======
const BUBBLE_SIZE = 80;
>>>>>>> REPLACE

The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc

# The other 1 SEARCH/REPLACE block were applied successfully.
Don't re-send them.
Just reply with fixed versions of the block above that failed to match.  

src/components/EmojiBubble.jsx
\`\`\`javascript
<<<<<<< SEARCH
const BUBBLE_SIZE = 60; // Bubble diameter in pixels
=======
const BUBBLE_SIZE = 80; // Bubble diameter in pixels
>>>>>>> REPLACE
\`\`\`

> Tokens: 14k sent, 120 received.  
> Applied edit to src/components/EmojiBubble.jsx  
`;

describe('Aider chat histories', () => {
  it('each SEARCH/REPLACE block is an unsupported edit call; "Applied edit to" is its result; the release from "> Aider v…"', () => {
    const s = parseSession(REAL);
    expect(s.format).toBe('aider');
    expect(s.detection).toBe('Aider chat history (Markdown): line 2 starts an aider chat ("# aider chat started at …").');
    expect(s.problems).toEqual([]);
    const applied = { isError: false, text: 'Applied edit to src/App.js', errorSource: 'text', location: { line: lineOf(REAL, '> Applied edit to src/App.js  '), path: '$' } };
    expect(s.calls).toEqual([
      {
        index: 0,
        callId: null,
        toolName: 'aider_search_replace',
        input: {
          path: 'src/App.js',
          search: 'import React, { useState } from "react";\nimport ButtonsContainer from "./components/ButtonsContainer";\n',
          replace: 'import React, { useState, useEffect } from "react";\nimport ButtonsContainer from "./components/ButtonsContainer";\n',
        },
        profile: null,
        kind: 'edit',
        unsupported: UNSUPPORTED,
        version: '0.82.2',
        location: { line: lineOf(REAL, '<<<<<<< SEARCH', 1), path: '$' },
        result: applied,
      },
      {
        index: 1,
        callId: null,
        toolName: 'aider_search_replace',
        // No file name before this block: aider uses the one of the block before it in the reply.
        input: {
          path: 'src/App.js',
          search: 'function App() {\n  const [display, setDisplay] = useState("");\n',
          replace: 'function App() {\n  const [display, setDisplay] = useState("");\n  const [isDarkMode, setIsDarkMode] = useState(true); // Default to dark mode\n',
        },
        profile: null,
        kind: 'edit',
        unsupported: UNSUPPORTED,
        version: '0.82.2',
        location: { line: lineOf(REAL, '<<<<<<< SEARCH', 2), path: '$' },
        result: applied,
      },
    ]);
  });

  it('a failed match: the listed block failed with its section of the message, the other was applied; the retry applied', () => {
    const s = parseSession(REAL + FAILED);
    const doc = REAL + FAILED;
    expect(s.problems).toEqual([]);
    expect(s.calls.slice(2).map((c) => [(c.input as { path: string }).path, c.location.line, c.result])).toEqual([
      ['src/styles.css', lineOf(doc, '<<<<<<< SEARCH', 3), { isError: false, text: '', errorSource: 'text', location: { line: lineOf(doc, '> # 1 SEARCH/REPLACE block failed to match!'), path: '$' } }],
      [
        'src/components/EmojiBubble.jsx',
        lineOf(doc, '<<<<<<< SEARCH', 4),
        {
          isError: true,
          text: '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in src/components/EmojiBubble.jsx\n<<<<<<< SEARCH\nconst BUBBLE_SIZE = 60;\n=======\nconst BUBBLE_SIZE = 80;\n>>>>>>> REPLACE',
          errorSource: 'text',
          location: { line: lineOf(doc, '> # 1 SEARCH/REPLACE block failed to match!'), path: '$' },
        },
      ],
      ['src/components/EmojiBubble.jsx', lineOf(doc, '<<<<<<< SEARCH', 6), { isError: false, text: 'Applied edit to src/components/EmojiBubble.jsx', errorSource: 'text', location: { line: lineOf(doc, '> Applied edit to src/components/EmojiBubble.jsx  '), path: '$' } }],
    ]);
  });

  it('fed in chunks, as a worker reads the file, it parses the same', () => {
    const whole = parseSession(REAL + FAILED);
    const parser = createSessionParser();
    for (let at = 0; at < (REAL + FAILED).length; at += 7) parser.feed((REAL + FAILED).slice(at, at + 7));
    expect(parser.end()).toEqual(whole);
  });

  it('aider\'s notes name files with Windows separators; the model\'s block may not', () => {
    // As in Aquaticat/Monochromatic `.aider.chat.history.md` @56372c6d (aider 0.84.0 on Windows).
    const text = ['#### add a note  ', '', 'packages/module/es/src/CONVENTIONS.md', '```markdown', '<<<<<<< SEARCH', '=======', '# Conventions', '>>>>>>> REPLACE', '```', '', '> Tokens: 6.4k sent, 861 received.  ', '> Applied edit to packages\\module\\es\\src\\CONVENTIONS.md  ', ''].join('\n');
    const s = parseSession(text);
    expect(s.calls.map((c) => [c.input, c.result?.text])).toEqual([
      [{ path: 'packages/module/es/src/CONVENTIONS.md', search: '', replace: '# Conventions\n' }, 'Applied edit to packages\\module\\es\\src\\CONVENTIONS.md'],
    ]);
  });

  it('detected without the session header, from user lines and an applied edit', () => {
    const s = parseSession(FAILED);
    expect(s.detection).toBe('Aider chat history (Markdown): line 2 is a "####" user line and line 6 an edit.');
    expect(s.calls).toHaveLength(3);
  });

  it('malformed: a format error applies nothing, a block with no file, a block left open; nothing else is an Aider history', () => {
    const text = [
      '#### fix it  ',
      '',
      '```python',
      '<<<<<<< SEARCH',
      'a = 1',
      '=======',
      'a = 2',
      '>>>>>>> REPLACE',
      '```',
      '',
      '> The LLM did not conform to the edit format.  ',
      '> https://aider.chat/docs/troubleshooting/edit-errors.html  ',
      '> Bad/missing filename. The filename must be alone on the line before the opening fence ```  ',
      '',
      '#### again  ',
      '',
      'x.py',
      '```python',
      '<<<<<<< SEARCH',
      'a = 1',
      '```',
    ].join('\n');
    const s = parseSession(text, { format: 'aider' });
    expect(s.detection).toBe('Aider chat history (Markdown), as chosen (not detected).');
    expect(s.calls.map((c) => [c.input, c.result])).toEqual([
      [
        { search: 'a = 1\n', replace: 'a = 2\n' },
        {
          isError: true,
          text: 'The LLM did not conform to the edit format.\nhttps://aider.chat/docs/troubleshooting/edit-errors.html\nBad/missing filename. The filename must be alone on the line before the opening fence ```',
          errorSource: 'text',
          location: { line: 11, path: '$' },
        },
      ],
    ]);
    expect(s.problems.map((p) => [p.code, p.location.line, p.message])).toEqual([
      ['bad-shape', 4, 'The SEARCH/REPLACE block at line 4 names no file (aider\'s "Bad/missing filename"); it is listed without a path.'],
      ['bad-shape', 19, 'The SEARCH/REPLACE block at line 19 is not closed: the reply ends before its "=======" or ">>>>>>> REPLACE"; it is skipped.'],
    ]);
    const prose = parseSession('Just some notes.\n\nNothing here.');
    expect([prose.format, prose.detection]).toEqual([null, 'Not detected: the text is neither JSON nor JSONL.']);
  });
});
