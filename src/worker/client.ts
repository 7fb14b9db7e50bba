// The typed client the UI calls. A request that does not answer within its limit, or that the
// user cancels, is stopped by replacing the worker; the page never waits on a stuck engine.

import type { RequestType, WorkerApi, WorkerMessage, WorkerRequest, WorkspaceSource } from './protocol';

export class WorkerStopped extends Error {
  constructor(
    readonly code: 'TIMEOUT' | 'CANCELLED' | 'CRASHED',
    message: string,
  ) {
    super(message);
  }
}

export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Stop the worker when no answer came within this many ms. */
  timeoutMs?: number;
  onProgress?: (done: number, total: number, label: string) => void;
  /** Buffers the payload holds that the page will not use again: moved to the worker, not copied. */
  transfer?: Transferable[];
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: RequestOptions['onProgress'];
  timer: ReturnType<typeof setTimeout> | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export class EngineClient {
  private worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Re-opened in a replacement worker, so a restart keeps the same workspace. */
  private workspace: { source: WorkspaceSource } | null = null;

  constructor(private readonly spawn: () => Worker) {
    this.worker = this.start();
  }

  private start(): Worker {
    const w = this.spawn();
    w.onmessage = (e: MessageEvent<WorkerMessage>) => this.receive(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this.restart(new WorkerStopped('CRASHED', `The engine stopped: ${e.message || 'unknown error'}. It was restarted.`));
    };
    return w;
  }

  private receive(m: WorkerMessage): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.kind === 'progress') {
      p.onProgress?.(m.done, m.total, m.label);
      return;
    }
    this.pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.kind === 'result') p.resolve(m.value);
    else p.reject(new EngineError(m.error.code, m.error.message));
  }

  /** Stop the current worker, fail what it was doing, and start a fresh one on the same workspace. */
  private restart(reason: WorkerStopped): void {
    this.worker.terminate();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(reason);
    }
    this.pending.clear();
    this.worker = this.start();
    if (this.workspace) void this.request('workspace/open', this.workspace).catch(() => undefined);
  }

  request<T extends RequestType>(type: T, payload: WorkerApi[T][0], options: RequestOptions = {}): Promise<WorkerApi[T][1]> {
    const id = this.nextId++;
    if (type === 'workspace/open') this.workspace = { source: (payload as WorkerApi['workspace/open'][0]).source };
    return new Promise((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const timer =
        timeoutMs === Infinity
          ? undefined
          : setTimeout(() => this.restart(new WorkerStopped('TIMEOUT', `The engine did not answer within ${Math.round(timeoutMs / 1000)} s; it was stopped and restarted.`)), timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress: options.onProgress, timer });
      const message: WorkerRequest<T> = { id, type, payload };
      this.worker.postMessage(message, options.transfer ?? []);
    });
  }

  /** Cancel everything in flight (the worker is replaced). */
  cancel(): void {
    if (this.pending.size > 0) this.restart(new WorkerStopped('CANCELLED', 'Cancelled.'));
  }

  get busy(): boolean {
    return this.pending.size > 0;
  }

  dispose(): void {
    this.worker.terminate();
    this.pending.clear();
  }
}
