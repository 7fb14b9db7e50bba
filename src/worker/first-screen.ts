// The worker entry's first screen (engine-worker.ts): from the page's first workspace open until
// the page says it has drawn its first screen. Meanwhile the entry holds back what the page does
// not wait for: the request handlers (~1 MB: compiling and evaluating them takes one core for
// 0.2-0.3 s on a first visit) and the catalogues the composer asks for, which need them. On a
// 2-core machine the page's first render, Monaco's parse and that compile would otherwise share
// two cores (bench/README.md, "the first visit"). A request the user is waiting for (a run, a
// check) loads the handlers at once, first screen or not.

/** How long after the first open's answer the first screen ends even if the page never says so. */
export const FIRST_SCREEN_FALLBACK_MS = 1500;

export type FirstScreenStage = 'before open' | 'opening' | 'drawing' | 'drawn';

export class FirstScreen {
  private stage: FirstScreenStage = 'before open';
  private readonly ended: Promise<void>;
  private end: () => void = () => undefined;
  private fallback: ReturnType<typeof setTimeout> | null = null;

  /** `loadHandlers`: called once, when the first screen ends. */
  constructor(
    private readonly loadHandlers: () => void,
    private readonly timers: { set: (f: () => void, ms: number) => ReturnType<typeof setTimeout>; clear: (t: ReturnType<typeof setTimeout>) => void } = {
      set: (f, ms) => setTimeout(f, ms),
      clear: (t) => clearTimeout(t),
    },
  ) {
    this.ended = new Promise((resolve) => (this.end = resolve));
  }

  get current(): FirstScreenStage {
    return this.stage;
  }

  /** The page's first workspace open was received: the first screen starts. Later opens change nothing. */
  opening(): void {
    if (this.stage === 'before open') this.stage = 'opening';
  }

  /** The first open was answered (or failed): the page draws; it says when it has (`drawn`), or the fallback ends it. */
  answered(): void {
    if (this.stage !== 'opening') return;
    this.stage = 'drawing';
    this.fallback = this.timers.set(() => this.drawn(), FIRST_SCREEN_FALLBACK_MS);
  }

  /** The page has drawn its first screen (or said so before any open: nothing is held back then either). */
  drawn(): void {
    if (this.stage === 'drawn') return;
    this.stage = 'drawn';
    if (this.fallback !== null) this.timers.clear(this.fallback);
    this.fallback = null;
    this.end();
    this.loadHandlers();
  }

  /** What a held-back request waits for: at once before the first open and after the first screen. */
  wait(): Promise<void> | null {
    return this.stage === 'opening' || this.stage === 'drawing' ? this.ended : null;
  }
}
