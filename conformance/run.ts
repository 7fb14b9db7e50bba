// npm run conformance [-- options]: our profiles against the reference code itself, in-process,
// on seeded cases (no model involved). Prints per reference: cases, agreement, each class of
// disagreement with a minimal case, and whether it is a decision of ours or a bug.
//
//   --seed N              the run's seed (default 19); case i of a seed is always the same case
//   --cases N             Gemini cases against the pinned release (default 6000); the other
//                         counts scale with it (drift releases N/4 each, apply_patch N)
//   --only LIST           gemini, drift, apply_patch (comma-separated; default all)
//   --markdown FILE       also write the figures as Markdown (docs/conformance.md takes them)
//   --export-anthropic FILE [--anthropic-cases N]
//                         write the Anthropic text editor cases (default 3000) with our answers
//                         as JSON for conformance/anthropic/run_reference.py; runs nothing else

import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportAnthropic, generateAnthropicCase } from './lib/anthropic';
import { generatePatchCase, loadPatchReference, runOursPatch, type PatchCase, type PatchReference } from './lib/apply-patch';
import { generateGeminiCase, loadGeminiReference, runOurs, withRoot, type GeminiCase, type GeminiReference } from './lib/gemini';
import { installedVersion } from './lib/installed';
import { minimise, smallerBytes, smallerStrings } from './lib/minimise';
import { neutraliseAll, PATCH_RULES, rulesInPlay, subsets, touchedRules, type PatchRule } from './lib/patch-rules';
import { pct, showFiles, showOutcomes, showValue } from './lib/report';
import { caseSeed, Rng } from './lib/rng';
import { differences, type Observed } from './lib/types';

// --- options --------------------------------------------------------------------------------

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const SEED = Number(option('--seed') ?? 19);
const GEMINI_CASES = Number(option('--cases') ?? 6000);
const ONLY = new Set((option('--only') ?? 'gemini,drift,apply_patch').split(','));
const MARKDOWN = option('--markdown');

/** The releases of Gemini CLI the run knows: the pinned one first, then the newer ones it checks for drift. */
const GEMINI_RELEASES = [
  { pkg: '@google/gemini-cli-core', pinned: true },
  { pkg: 'gemini-cli-core-0.58.0', pinned: false },
  { pkg: 'gemini-cli-core-0.61.0', pinned: false },
] as const;

const out: string[] = [];
const md: string[] = [];
const say = (s = ''): void => {
  out.push(s);
  process.stdout.write(`${s}\n`);
};

// --- Anthropic export -------------------------------------------------------------------------

const exportFile = option('--export-anthropic');
if (exportFile !== undefined) {
  const n = Number(option('--anthropic-cases') ?? 3000);
  const cases = Array.from({ length: n }, (_, i) => generateAnthropicCase(new Rng(caseSeed(SEED, i))));
  const data = await exportAnthropic(cases, SEED);
  writeFileSync(exportFile, `${JSON.stringify(data, null, 1)}\n`);
  const calls = cases.reduce((k, c) => k + c.calls.length, 0);
  say(`Wrote ${n} Anthropic text editor cases (${calls} calls, seed ${SEED}) with our profile's answers to ${exportFile}.`);
  say('Compare them with a Python reference: python3 conformance/anthropic/run_reference.py --tools <folder with edit.py, base.py, run.py> --cases ' + exportFile);
  process.exit(0);
}

// The reference writes and reads every case's files for real: in memory (/dev/shm) where there is one.
const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const base = realpathSync(mkdtempSync(join(scratch, 'edit-playground-conformance-')));
const root = join(base, 'root');
process.on('exit', () => rmSync(base, { recursive: true, force: true }));

say(`Conformance run, seed ${SEED} (${new Date().toISOString().slice(0, 10)}, Node ${process.version})`);

// --- Gemini: the pinned release -------------------------------------------------------------------

const geminiCase = (i: number): GeminiCase => generateGeminiCase(new Rng(caseSeed(SEED, i)));

function* smallerGemini(c: GeminiCase): Generator<GeminiCase> {
  for (const p of Object.keys(c.files)) {
    const { [p]: _, ...rest } = c.files;
    yield { ...c, files: rest };
  }
  for (const key of ['allow_multiple', 'modified_by_user']) {
    if (Object.hasOwn(c.call, key)) {
      const { [key]: _, ...rest } = c.call;
      yield { ...c, call: rest };
    }
  }
  for (const field of ['old_string', 'new_string', 'file_path'] as const) {
    const v = c.call[field];
    if (typeof v === 'string') for (const s of smallerStrings(v)) yield { ...c, call: { ...c.call, [field]: s } };
  }
  for (const [p, b] of Object.entries(c.files)) for (const s of smallerBytes(b)) yield { ...c, files: { ...c.files, [p]: s } };
}

const how = (o: Observed): string => (o.ok ? 'success' : (o.code ?? 'error'));

/** An error by its type and its first words (`invalid_tool_params "Path not in workspace…"`). */
const described = (o: Observed): string => (o.ok ? 'success' : `${o.code ?? 'error'} "${o.text.split(/[\s:]+/).slice(0, 3).join(' ')}…"`);

/** A class of disagreement: what differs, what the reference did, and whether ours succeeded. */
function geminiSignature(ref: Observed, ours: Observed): string | null {
  const d = differences(ref, ours);
  if (d.length === 0) return null;
  return `${d.join('+')} · reference ${described(ref)} · ours ${ours.ok ? 'success' : 'error'}`;
}

interface ClassTally<C> {
  count: number;
  first: C;
}

function tally<C>(classes: Map<string, ClassTally<C>>, key: string, c: C): void {
  const t = classes.get(key);
  if (t) t.count++;
  else classes.set(key, { count: 1, first: c });
}

function printGeminiCase(c: GeminiCase, ref: Observed, ours: Observed, refName: string, oursName = 'ours'): void {
  const shown = withRoot(c.call, '/root');
  say(`    call: ${showValue(shown)}`);
  for (const l of showFiles(c.files)) say(l);
  for (const l of showOutcomes(ref, ours, root, refName, true, oursName)) say(l);
  if (oursName === 'ours' && ours.how) say(`    ours took: ${ours.how}`);
}

let pinned: GeminiReference | null = null;
const geminiRefs = new Map<string, GeminiReference>();
async function gemini(pkg: string): Promise<GeminiReference | null> {
  if (installedVersion(pkg) === null) return null;
  let r = geminiRefs.get(pkg);
  if (!r) {
    r = await loadGeminiReference(pkg, root);
    geminiRefs.set(pkg, r);
  }
  return r;
}

if (ONLY.has('gemini') || ONLY.has('drift')) pinned = await gemini(GEMINI_RELEASES[0].pkg);

if (ONLY.has('gemini') && pinned) {
  const t0 = Date.now();
  const classes = new Map<string, ClassTally<GeminiCase>>();
  let agree = 0;
  for (let i = 0; i < GEMINI_CASES; i++) {
    const c = geminiCase(i);
    const [ref, ours] = [await pinned.run(c), await runOurs(c, root)];
    const sig = geminiSignature(ref, ours);
    if (sig === null) agree++;
    else tally(classes, sig, c);
  }
  say();
  say(`Gemini CLI EditTool (@google/gemini-cli-core ${pinned.version}, the release of our pinned commit; LLM correction off) vs profile replace`);
  say(`  ${GEMINI_CASES} cases, ${agree} agree (${pct(agree, GEMINI_CASES)}), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  md.push(`| Gemini CLI \`EditTool\` (\`@google/gemini-cli-core\` ${pinned.version}, pinned) | \`replace\` | ${GEMINI_CASES} | ${pct(agree, GEMINI_CASES)} | ${classes.size === 0 ? 'none' : `${classes.size} class(es), see below`} |`);
  for (const [sig, t] of classes) {
    const small = await minimise(t.first, async (c) => geminiSignature(await pinned!.run(c), await runOurs(c, root)) === sig, smallerGemini);
    say(`  ${t.count} × ${sig}: a bug of ours (no decision in docs/decisions.md covers it). Minimal case:`);
    printGeminiCase(small, await pinned.run(small), await runOurs(small, root), `gemini-cli-core ${pinned.version}`);
  }
} else if (ONLY.has('gemini')) {
  say('\nGemini CLI: @google/gemini-cli-core is not installed in conformance/node_modules; skipped.');
}

// --- Gemini: newer releases (version drift) -----------------------------------------------------

if (ONLY.has('drift') && pinned) {
  const n = Math.max(1, Math.round(GEMINI_CASES / 4));
  for (const release of GEMINI_RELEASES.filter((r) => !r.pinned)) {
    const other = await gemini(release.pkg);
    if (!other) {
      say(`\n${release.pkg} is not installed; skipped.`);
      continue;
    }
    const t0 = Date.now();
    let agree = 0;
    let drift = 0;
    const driftClasses = new Map<string, ClassTally<GeminiCase>>();
    const mismatches = new Map<string, ClassTally<GeminiCase>>();
    const driftSignature = (p: Observed, o: Observed): string | null => {
      const d = differences(p, o);
      if (d.length === 0) return null;
      return `${d.join('+')} · ${pinned!.version} ${how(p)} → ${other.version} ${how(o)}`;
    };
    // Ours runs as the release of the dialect that matches (RunOptions.release): a change the
    // dialect's releases already model agrees; one they do not is drift still to be modelled.
    const ran = async (c: GeminiCase) => [await pinned!.run(c), await other.run(c), await runOurs(c, root), await runOurs(c, root, other.version)] as const;
    for (let i = 0; i < n; i++) {
      const c = geminiCase(i);
      const [p, o, ours, oursThen] = await ran(c);
      if (differences(o, oursThen).length === 0) {
        agree++;
        continue;
      }
      if (differences(p, ours).length === 0) {
        drift++;
        tally(driftClasses, driftSignature(p, o)!, c);
      } else tally(mismatches, geminiSignature(o, oursThen)!, c);
    }
    say();
    say(`Gemini CLI EditTool ${other.version} (newer than the pinned ${pinned.version}) vs profile replace run as release ${other.version}`);
    const other_ = n - agree - drift;
    say(`  ${n} cases, ${agree} agree (${pct(agree, n)}); version drift not modelled as a release ${drift} (${pct(drift, n)}); other disagreements ${other_}; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    md.push(
      `| the same, ${other.version} | \`replace\` with \`--release ${other.version}\` | ${n} | ${pct(agree, n)} | ${drift === 0 ? "none: the dialect's releases model every change the cases reach" : `version drift not modelled yet in ${drift} cases (${[...driftClasses.keys()].length} class(es))`}${other_ > 0 ? `; ${other_} other` : ''} |`,
    );
    if (driftClasses.size > 0) say(`  The release's texts or behaviour changed since ${pinned.version} and the dialect's releases do not model it yet. Each change, minimal case:`);
    for (const [sig, t] of driftClasses) {
      const small = await minimise(
        t.first,
        async (c) => {
          const [p, o, ours, oursThen] = await ran(c);
          return differences(o, oursThen).length > 0 && differences(p, ours).length === 0 && driftSignature(p, o) === sig;
        },
        smallerGemini,
      );
      say(`  ${t.count} × ${sig}`);
      printGeminiCase(small, await other.run(small), await pinned.run(small), `gemini-cli-core ${other.version}`, `${pinned.version} and ours`);
    }
    for (const [sig, t] of mismatches) {
      say(`  ${t.count} × ${sig}: disagrees with the pinned release too (see above)`);
    }
  }
}

// --- apply_patch vs the Agents SDK's applyDiff ----------------------------------------------

const patchCase = (i: number): PatchCase => generatePatchCase(new Rng(caseSeed(SEED ^ 0x0a9, i)));

function* smallerPatch(c: PatchCase): Generator<PatchCase> {
  for (const p of Object.keys(c.files)) {
    if (p === c.operation.path) continue;
    const { [p]: _, ...rest } = c.files;
    yield { ...c, files: rest };
  }
  const diff = c.operation.diff;
  if (diff !== undefined) for (const s of smallerStrings(diff)) yield { ...c, operation: { ...c.operation, diff: s } };
  for (const [p, b] of Object.entries(c.files)) for (const s of smallerBytes(b)) yield { ...c, files: { ...c.files, [p]: s } };
}

if (ONLY.has('apply_patch')) {
  if (installedVersion('@openai/agents-core') === null) say('\n@openai/agents-core is not installed in conformance/node_modules; apply_patch skipped.');
  else {
    const sdk: PatchReference = await loadPatchReference();
    const PATCH_ROOT = '/root';
    const agreeOn = async (c: PatchCase, adjust?: (o: Observed) => Observed): Promise<boolean> => {
      const ref = sdk.run(c);
      return differences(adjust ? adjust(ref) : ref, await runOursPatch(c, PATCH_ROOT), false).length === 0;
    };
    /**
     * The smallest set of Codex-vs-SDK rules whose neutralising makes the case agree, keeping one
     * side's success or failure as it was (two sides that both fail once neutralised explain
     * nothing); of sets as small, one where both then succeed. Null: none does.
     */
    const explain = async (c: PatchCase): Promise<PatchRule[] | null> => {
      const [ref0, ours0] = [sdk.run(c), await runOursPatch(c, PATCH_ROOT)];
      let best: PatchRule[] | null = null;
      let size = 0;
      for (const set of subsets(rulesInPlay(c))) {
        if (best !== null && set.length > size) break;
        const n = neutraliseAll(c, set);
        if (n === null) continue;
        const raw = sdk.run(n.c);
        const ref = n.adjustRef ? n.adjustRef(raw) : raw;
        const ours = await runOursPatch(n.c, PATCH_ROOT);
        if (differences(ref, ours, false).length > 0 || (ref.ok !== ref0.ok && ours.ok !== ours0.ok)) continue;
        if (ref.ok && ours.ok) return set;
        if (best === null) {
          best = set;
          size = set.length;
        }
      }
      return best;
    };
    const t0 = Date.now();
    const N = GEMINI_CASES;
    let agree = 0;
    let coincide = 0;
    let coincideAgree = 0;
    const classes = new Map<string, ClassTally<PatchCase>>();
    for (let i = 0; i < N; i++) {
      const c = patchCase(i);
      const ref = sdk.run(c);
      const ours = await runOursPatch(c, PATCH_ROOT);
      const same = differences(ref, ours, false).length === 0;
      const touched = touchedRules(c);
      if (touched.length === 0) {
        coincide++;
        if (same) coincideAgree++;
      }
      if (same) {
        agree++;
        continue;
      }
      const why = await explain(c);
      const key = why === null ? `unexplained · ${differences(ref, ours, false).join('+')} · SDK ${ref.ok ? 'success' : 'error'} · ours ${ours.how}` : why.map((r) => r.id).join(' + ');
      tally(classes, key, c);
    }
    say();
    say(`OpenAI Agents SDK applyDiff (@openai/agents-core ${sdk.version}) vs profile apply_patch (Codex's rules), outcome and bytes (the SDK words no result)`);
    say(`  ${N} cases, ${agree} agree (${pct(agree, N)}); where Codex's and the SDK's rules coincide: ${coincide} cases, ${coincideAgree} agree (${pct(coincideAgree, coincide)}); ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const unexplained = [...classes].filter(([k]) => k.startsWith('unexplained')).reduce((k, [, t]) => k + t.count, 0);
    md.push(
      `| \`@openai/agents-core\` ${sdk.version} \`applyDiff\` | \`apply_patch\` | ${N} | ${pct(agree, N)} (${pct(coincideAgree, coincide)} of ${coincide} where Codex's and the SDK's rules coincide) | ${unexplained === 0 ? "all explained by Codex's rules we follow" : `${unexplained} unexplained`} |`,
    );
    const sorted = [...classes].sort((a, b) => b[1].count - a[1].count);
    const minimal = async (key: string, first: PatchCase): Promise<PatchCase> => {
      const keep = key.startsWith('unexplained')
        ? async (c: PatchCase) => {
            const ref = sdk.run(c);
            const ours = await runOursPatch(c, PATCH_ROOT);
            const d = differences(ref, ours, false);
            return d.length > 0 && `unexplained · ${d.join('+')} · SDK ${ref.ok ? 'success' : 'error'} · ours ${ours.how}` === key && (await explain(c)) === null;
          }
        : async (c: PatchCase) => {
            if (await agreeOn(c)) return false;
            const why = await explain(c);
            return why !== null && why.map((r) => r.id).join(' + ') === key;
          };
      return minimise(first, keep, smallerPatch, 800);
    };
    const printPatch = async (c: PatchCase): Promise<void> => {
      say(`      operation: ${showValue(c.operation)}`);
      for (const l of showFiles(c.files)) say(`  ${l}`);
      for (const l of showOutcomes(sdk.run(c), await runOursPatch(c, PATCH_ROOT), '', `applyDiff ${sdk.version}`, false)) say(`  ${l}`);
    };
    say('  Disagreements explained by a rule where Codex (which the profile follows) and the SDK differ, or by a decision of ours;');
    say('  a disagreement is explained by the smallest set of rules whose neutralising makes the case agree:');
    for (const rule of PATCH_RULES) {
      const alone = classes.get(rule.id)?.count ?? 0;
      const withOthers = sorted.filter(([k]) => k.includes(' + ') && k.split(' + ').includes(rule.id)).reduce((k, [, t]) => k + t.count, 0);
      if (alone + withOthers === 0) continue;
      const kind = rule.kind === 'codex' ? "decision: the profile follows Codex's rule" : 'decision of ours';
      say(`  ${rule.id}: ${alone} alone, ${withOthers} with other rules — ${kind} (${rule.source})`);
      say(`      ${rule.label}`);
      const t = classes.get(rule.id);
      if (t) {
        say('      minimal case:');
        await printPatch(await minimal(rule.id, t.first));
      }
    }
    const combos = sorted.filter(([k]) => k.includes(' + '));
    if (combos.length > 0) say(`  Several rules together: ${combos.map(([k, t]) => `${k} (${t.count})`).join(', ')}`);
    const open = sorted.filter(([k]) => k.startsWith('unexplained'));
    if (open.length === 0) say('  Unexplained: none.');
    for (const [key, t] of open) {
      say(`  ${t.count} × ${key}: explained by no rule Codex and the SDK differ on; a bug of ours unless Codex does the same. Minimal case:`);
      await printPatch(await minimal(key, t.first));
    }
  }
}

if (MARKDOWN !== undefined) {
  const table = ['| reference (run as code) | our profile | cases | agree | what differs |', '|---|---|---|---|---|', ...md];
  writeFileSync(MARKDOWN, `${table.join('\n')}\n\n## Full output\n\n\`\`\`text\n${out.join('\n')}\n\`\`\`\n`);
  say(`\nFigures written to ${MARKDOWN}.`);
}
