// `npm run real-sessions`: replays every real transcript under tests/sessions/real and writes the
// pins the test compares (tests/sessions/real-support/verdicts.json) and docs/real-sessions.md (a table per
// transcript and, for every `differs`, why the recording tool answered otherwise, from
// tests/sessions/real-support/differs-explained.json). Run it after a change meant to move a verdict, and
// read the diff of both files before committing them.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PINS_DIR, presentCounts, REAL_DIR, realTranscripts, replayReal, verdictLines } from '../tests/sessions/real-support/replay-real';
import { REASON_WORDS } from '../src/cli/replay-report';
import { CANNOT_JUDGE_REASONS } from '../src/sessions/verdict';

const root = join(REAL_DIR, '..', '..', '..');
const explained: Record<string, string> = JSON.parse(readFileSync(join(PINS_DIR, 'differs-explained.json'), 'utf8'));
const counts = presentCounts();
const pins: Record<string, string[]> = {};
const rows: string[] = [];
const differs: string[] = [];
const total = { present: 0, found: 0, agrees: 0, differs: 0, cannot: 0, notRecorded: 0, fileResyncs: 0, readResyncs: 0 };
const reasons = Object.fromEntries(CANNOT_JUDGE_REASONS.map((r) => [r, 0])) as Record<string, number>;
const missing: string[] = [];

for (const file of realTranscripts()) {
  const { replay, format } = await replayReal(file);
  pins[file] = verdictLines(replay);
  const f = replay.figures;
  const present = counts[file]?.editCalls ?? 0;
  total.present += present;
  total.found += f.editCalls;
  total.agrees += f.agrees;
  total.differs += f.differs;
  total.cannot += f.cannotJudge;
  total.notRecorded += f.notRecorded;
  for (const r of CANNOT_JUDGE_REASONS) reasons[r]! += f.cannotJudgeByReason[r];
  const versions = [...new Set(replay.calls.map((c) => c.version).filter((v) => v !== undefined))];
  const cj = CANNOT_JUDGE_REASONS.filter((r) => f.cannotJudgeByReason[r] > 0).map((r) => `${f.cannotJudgeByReason[r]} ${REASON_WORDS[r]}`).join(', ');
  const fileResyncs = replay.calls.reduce((n, c) => n + (c.resynced?.length ?? 0), 0);
  const readResyncs = replay.calls.filter((c) => c.notes.some((n) => n.startsWith("Re-synced Claude Code's record"))).length;
  total.fileResyncs += fileResyncs;
  total.readResyncs += readResyncs;
  rows.push(`| \`${file}\` | ${format ?? '—'} | ${versions.join(', ') || '—'} | ${f.editCalls} / ${present} | ${f.agrees} | ${f.differs}${f.differs > 0 ? ` (${f.differsByKind.outcome} outcome, ${f.differsByKind.text} text)` : ''} | ${f.cannotJudge}${cj ? ` (${cj})` : ''} | ${f.notRecorded} | ${fileResyncs} / ${readResyncs} |`);
  for (const c of replay.calls) {
    if (c.verdict?.verdict !== 'differs') continue;
    const key = `${file}#${c.index}`;
    const why = explained[key];
    if (why === undefined) missing.push(key);
    differs.push(`- \`${file}\` call #${c.index} (${c.toolName}${c.version ? ` ${c.version}` : ''}, ${c.verdict.reason}): ${why ?? '**not explained yet**'}`);
  }
}

writeFileSync(join(PINS_DIR, 'verdicts.json'), `${JSON.stringify(pins, null, 1)}\n`);
const doc = `# Real sessions

Every public transcript under [\`tests/sessions/real/\`](../tests/sessions/real/) (sources, commits and
licences in its README) replayed as \`edit-playground replay FILE --seed-from-transcript\` would: the
format detected, the files seeded from what the transcript showed, the mount inferred, each call
judged by the tool of the release that recorded it. "Present" is counted independently of our
parser by \`tests/sessions/real/count-edit-calls.mjs\`. \`src/sessions/real-sessions.test.ts\` pins
every verdict below; \`npm run real-sessions\` regenerates this page and the pins.

Totals: ${total.found} of ${total.present} edit calls found; ${total.agrees} agree, ${total.differs} differ, ${total.cannot} cannot be judged (${CANNOT_JUDGE_REASONS.filter((r) => reasons[r]! > 0).map((r) => `${reasons[r]} ${REASON_WORDS[r]}`).join(', ')}), ${total.notRecorded} not recorded; ${total.fileResyncs} files and ${total.readResyncs} records of files read re-synced.

Re-syncs (the last column: files / records of files read) are where the transcript showed the
true state and the replay took it: a file set to Claude Code's \`originalFile\` or to a whole-file
read, and Claude Code's record of files read set by its own answer (a success on a file the
transcript never shows read, or "not read yet" on one it does). Each is a note on its call.

| Transcript | Format | Releases | Edit calls found / present | Agree | Differ | Cannot judge | Not recorded | Re-syncs |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

## Every remaining \`differs\`, and why the recording tool answered otherwise

${differs.length === 0 ? 'None.' : differs.join('\n')}
`;
writeFileSync(join(root, 'docs', 'real-sessions.md'), doc);
process.stdout.write(`${total.found}/${total.present} found; ${total.agrees} agree, ${total.differs} differ, ${total.cannot} cannot judge, ${total.notRecorded} not recorded\n`);
if (missing.length > 0) process.stdout.write(`not explained yet (add to tests/sessions/real-support/differs-explained.json):\n${missing.join('\n')}\n`);
