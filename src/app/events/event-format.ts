// How a notification reads in the events view: a one-line summary and pretty JSON in which very
// long strings (a 5 MB file's oldText/newText) are shortened, so the page stays responsive.
// Copying always uses the whole event; only the display is shortened.

/** Strings longer than this are shown as their head plus a note. */
export const SHOWN_STRING_CHARS = 2000;

export interface EventSummary {
  /** `tool_call`, `tool_call_update` (ACP v1) or `toolCall`, `toolCallUpdate` (seed shape). */
  kind: string;
  status: string | null;
  title: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Reads both shapes: ACP v1 keeps `status` on the update, the seed shape's update keeps it in `fields`. */
export function summarizeEvent(event: unknown): EventSummary {
  const update = record(record(record(event)?.params)?.update);
  const kind = text(update?.sessionUpdate) ?? text(update?.type) ?? text(record(event)?.method) ?? 'notification';
  const status = text(update?.status) ?? text(record(update?.fields)?.status);
  return { kind, status, title: text(update?.title) };
}

export function prettyEvent(event: unknown): string {
  return JSON.stringify(
    event,
    (_key, value: unknown) =>
      typeof value === 'string' && value.length > SHOWN_STRING_CHARS
        ? `${value.slice(0, SHOWN_STRING_CHARS)}… [${(value.length - SHOWN_STRING_CHARS).toLocaleString('en')} more characters; copy the event for all of it]`
        : value,
    2,
  );
}
