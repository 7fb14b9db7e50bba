// Splits a JSONL stream into numbered lines as chunks arrive. Linear in the input: each chunk is
// searched for newlines once, and a line that spans chunks is kept as a list of pieces joined
// once when its newline comes (appending to one growing string and searching it again would
// make a long line quadratic).

export interface LineSink {
  /** A line without its `\n` or `\r\n`; `last` when the stream ended without a newline after it. */
  (text: string, lineNumber: number, last: boolean): void;
}

export class LineSplitter {
  private pieces: string[] = [];
  private lineNumber = 1;
  private started = false;

  constructor(private readonly sink: LineSink) {}

  feed(chunk: string): void {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
      this.pieces.push(chunk.slice(from, nl));
      this.emit(false);
      from = nl + 1;
    }
    if (from < chunk.length) this.pieces.push(chunk.slice(from));
  }

  end(): void {
    if (this.pieces.length > 0) this.emit(true);
  }

  private emit(last: boolean): void {
    let text = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.pieces = [];
    if (text.endsWith('\r')) text = text.slice(0, -1);
    this.sink(text, this.lineNumber++, last);
  }
}
