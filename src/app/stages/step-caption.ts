// One sentence saying what a step did, for the audience watching the stepper (and for anyone
// reading the page with a screen reader): `Edit 1 replaced "AAA" with "BBB" at line 1`.

import type { StepContent, StepView } from '../../worker/protocol';
import { quoted } from './stage-lines';

function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function lines(step: StepView): string {
  const shown = step.lineRanges.slice(0, 5).map((r) => (r.start === r.end ? `${r.start}` : `${r.start}–${r.end}`));
  if (step.lineRanges.length > 5) shown.push(`${(step.lineRanges.length - 5).toLocaleString('en')} more`);
  const many = step.lineRanges.length > 1 || step.lineRanges.some((r) => r.start !== r.end);
  return shown.length === 0 ? '' : ` at ${many ? 'lines' : 'line'} ${listed(shown)}`;
}

/** What the stepper calls a step: its label, the tool's own rewrite, or `Edit {i}`. */
export function stepName(step: StepView): string {
  if (step.label !== undefined) return step.label;
  return step.rewrite ? `The tool's own ${step.strategy}` : `Edit ${step.editIndex}`;
}

export function stepCaption(step: StepView, content: StepContent): string {
  const name = stepName(step);
  if (step.rewrite) {
    const n = content.before.spans.length + content.before.outside;
    return `${name} rewrote ${n.toLocaleString('en')} ${n === 1 ? 'place' : 'places'} no edit asked for${lines(step)}`;
  }
  const m = content.before.spans[0];
  const w = content.after.spans[0];
  if (!m || !w) return `${name} changed nothing`;
  const matched = content.before.text.slice(m.start, m.end);
  const written = content.after.text.slice(w.start, w.end);
  const count = content.before.spans.length + content.before.outside;
  const times = count > 1 ? ` (${count.toLocaleString('en')} replacements)` : '';
  if (matched === '') return `${name} inserted ${quoted(written)}${times}${lines(step)}`;
  if (written === '') return `${name} deleted ${quoted(matched)}${times}${lines(step)}`;
  return `${name} replaced ${quoted(matched)} with ${quoted(written)}${times}${lines(step)}`;
}
