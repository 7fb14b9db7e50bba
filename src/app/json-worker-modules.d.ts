// Types for the two Monaco modules the guarded JSON worker (json-worker.ts) builds on; the
// package ships them without declarations.

declare module 'monaco-editor/internal/common/initialize' {
  export function initialize(factory: (ctx: unknown, createData: unknown) => unknown): void;
}

declare module 'monaco-editor/languages/features/json/jsonWorker' {
  export class JSONWorker {
    constructor(ctx: unknown, createData: unknown);
    _getTextDocument(uri: string): { getText(): string } | null;
  }
}
