// The reference's per-file edit history (`_file_history`): each create, str_replace and insert
// pushes the file's text as it was before the write (create pushes the text it wrote), keyed by
// `str(Path)`; undo_edit pops the last one and writes it back. A single call starts empty; a
// session (issue 10) passes one history through all of its calls.

export interface EditHistory {
  /** `text` may be given as a function that builds it (a session's pieces): called only by `pop`. */
  push(path: string, text: string | (() => string)): void;
  /** The last text pushed for `path`, removed; undefined when there is none. */
  pop(path: string): string | undefined;
}

export class MemoryEditHistory implements EditHistory {
  private readonly byPath = new Map<string, (string | (() => string))[]>();

  push(path: string, text: string | (() => string)): void {
    const list = this.byPath.get(path);
    if (list) list.push(text);
    else this.byPath.set(path, [text]);
  }

  pop(path: string): string | undefined {
    const text = this.byPath.get(path)?.pop();
    return typeof text === 'function' ? text() : text;
  }
}
