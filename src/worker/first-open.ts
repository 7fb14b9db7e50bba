// The first screen's sandbox, answered by the worker's entry before its request handlers (the
// engine, ~1 MB) have loaded: on a first visit the page asks to open the sandbox as soon as it
// starts, and the composer is usable once that is answered (the answer carries the root's
// listing; later listings of that workspace are answered here too until the handlers load). The
// entry has the sandbox open already (workspaces.ts warmSandbox), so none of this needs the handlers.
//
// The rules are the handlers' (workspace-handlers.ts): the newest open asked for is the workspace,
// an older one still opening answers "Another workspace was opened meanwhile.". Only the worker's
// first open, of the sandbox without a reset, is answered here, and only until the handlers are
// loaded; its workspace then becomes theirs (`adopt`), unless another open was asked meanwhile.

import type { RequestType, WorkerApi } from './protocol';
import { RequestError } from './request-error';
import { describeOpened, type Workspace } from './workspaces';

/** How long a description of the sandbox made before the page asked (`prepare`) is its answer. */
export const PREPARED_FOR_MS = 1000;

export class FirstOpen {
  /** Opens received so far (the handlers' and this one's): the newest is the workspace. */
  private asked = 0;
  private opened: { seq: number; ws: Workspace } | null = null;
  private adopt: ((ws: Workspace) => void) | null = null;

  /** `open`: the sandbox's workspace, as the handlers would open it; `now`: a clock in ms. */
  constructor(
    private readonly open: () => Promise<Workspace>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The answer to a request, if it is one of the first screen's that the entry gives itself;
   * null when the handlers answer it. Called for every request as it is received, in order.
   */
  answer<T extends RequestType>(type: T, payload: WorkerApi[T][0]): Promise<WorkerApi[T][1]> | null {
    if (type === 'workspace/open') {
      const seq = ++this.asked;
      const { source, reset } = payload as WorkerApi['workspace/open'][0];
      if (seq !== 1 || this.adopt !== null || source.kind !== 'sandbox' || reset === true) return null;
      return this.openFirst(seq) as Promise<WorkerApi[T][1]>;
    }
    if (type === 'workspace/list' && this.adopt === null && this.opened !== null && this.opened.seq === this.asked) {
      return this.opened.ws.list((payload as WorkerApi['workspace/list'][0]).path) as Promise<WorkerApi[T][1]>;
    }
    return null;
  }

  /** The handlers are loaded: they answer everything from now on, on the first open's workspace if it is still the newest. */
  handlersLoaded(adopt: (ws: Workspace) => void): void {
    this.adopt = adopt;
    if (this.opened !== null && this.opened.seq === this.asked) adopt(this.opened.ws);
  }

  /** The sandbox opened and described ahead of the page's first open (`prepare`), taken by that open. */
  private prepared: Promise<{ ws: Workspace; opened: WorkerApi['workspace/open'][1]; at: number }> | null = null;

  /**
   * Open and describe the sandbox now, before the page asks: the page's first render waits for
   * the answer (boot.tsx), which then needs no OPFS round trip. A failure is the open's to report:
   * it opens again. A description older than PREPARED_FOR_MS when asked for is made again (another
   * tab may have changed the sandbox meanwhile).
   */
  prepare(): void {
    this.prepared = (async () => {
      const ws = await this.open();
      const opened = await describeOpened(ws);
      return { ws, opened, at: this.now() };
    })();
    this.prepared.catch(() => undefined);
  }

  private async openFirst(seq: number): Promise<WorkerApi['workspace/open'][1]> {
    const early = this.prepared;
    this.prepared = null;
    const ready = early === null ? null : await early.catch(() => null);
    const ws = ready?.ws ?? (await this.open());
    const opened = ready !== null && this.now() - ready.at <= PREPARED_FOR_MS ? ready.opened : await describeOpened(ws);
    if (seq !== this.asked) throw new RequestError('WORKSPACE', 'Another workspace was opened meanwhile.');
    this.opened = { seq, ws };
    this.adopt?.(ws);
    return opened;
  }
}
