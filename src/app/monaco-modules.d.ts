// Types for the Monaco internals the diff view builds on (src/app/diff/page-diff.ts,
// page-diff-service.ts); the package ships them without declarations.

declare module 'monaco-editor/editor/common/diff/legacyLinesDiffComputer' {
  interface Range {
    startLineNumber: number;
    startColumn: number;
    endLineNumber: number;
    endColumn: number;
  }
  interface LineRange {
    startLineNumber: number;
    endLineNumberExclusive: number;
  }
  export class LegacyLinesDiffComputer {
    computeDiff(
      originalLines: readonly string[],
      modifiedLines: readonly string[],
      options: { ignoreTrimWhitespace: boolean; maxComputationTimeMs: number; computeMoves: boolean },
    ): {
      changes: { original: LineRange; modified: LineRange; innerChanges: { originalRange: Range; modifiedRange: Range }[] | undefined }[];
      moves: unknown[];
      hitTimeout: boolean;
    };
  }
}

declare module 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService' {
  /** A text model as a diff provider sees it. */
  export interface DiffTextModel {
    isDisposed(): boolean;
    getLineCount(): number;
    getLineMaxColumn(line: number): number;
    getLinesContent(): string[];
  }
  /** The diff editor's provider: its diff is computed in Monaco's editor worker. */
  export class WorkerBasedDocumentDiffProvider {
    /** 'legacy' or 'advanced', as the diff editor's options set it. */
    diffAlgorithm: unknown;
    computeDiff(original: DiffTextModel, modified: DiffTextModel, options: { ignoreTrimWhitespace: boolean; maxComputationTimeMs: number; computeMoves: boolean }, token: unknown): Promise<unknown>;
  }
}
