// Test doubles for the File System Access API. Playwright cannot click through a native folder
// picker, so `showDirectoryPicker` is replaced (before any page script runs) by one that answers
// a folder in the Origin Private File System which the test seeds itself. OPFS handles are real
// FileSystemDirectoryHandles: the app reads, lists, writes and stores them in IndexedDB exactly
// as it would a folder on disk.

import type { Page } from '@playwright/test';

/** The OPFS folder the replaced picker answers (a sibling of the app's `sandbox`). */
export const PICKED_FOLDER = 'picked-folder';

export interface PickerOptions {
  /** OPFS folder name the picker returns. */
  folder?: string;
  /** Behave like a user who closes the picker without choosing. */
  cancel?: boolean;
  /** Remove the API entirely, like Firefox or Safari. */
  unsupported?: boolean;
}

/** Install the replacement picker for every page load of `page` (call before `goto`). */
export async function stubDirectoryPicker(page: Page, options: PickerOptions = {}): Promise<void> {
  await page.addInitScript(({ folder, cancel, unsupported }) => {
    const w = window as unknown as { showDirectoryPicker?: unknown; pickerCalls?: unknown[] };
    if (unsupported) {
      delete w.showDirectoryPicker;
      // Chromium defines it on the prototype chain of window; shadow it there too.
      Object.defineProperty(window, 'showDirectoryPicker', { value: undefined, configurable: true, writable: true });
      return;
    }
    w.pickerCalls = [];
    w.showDirectoryPicker = async (opts: unknown) => {
      w.pickerCalls!.push(opts);
      if (cancel) throw new DOMException('The user aborted a request.', 'AbortError');
      const root = await navigator.storage.getDirectory();
      return root.getDirectoryHandle(folder, { create: true });
    };
  }, { folder: options.folder ?? PICKED_FOLDER, cancel: options.cancel ?? false, unsupported: options.unsupported ?? false });
}

/**
 * Waits until the app's worker has written a first visit's sample into `sandbox/`: it opens the
 * sandbox at once but writes the sample only once the first screen is drawn (the sandbox lists the
 * sample meanwhile, and its file operations wait for the writes), so a test that reads or changes
 * the sandbox's files behind the app's back waits for them, as another program would find them.
 * Written means the folder holds something and the seed's mark beside it is gone.
 */
async function sandboxSeeded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const seeded = async (): Promise<boolean> => {
      const opfs = await navigator.storage.getDirectory();
      const marked = await opfs.getFileHandle('sandbox.seeding').then(
        () => true,
        () => false,
      );
      if (marked) return false;
      const sandbox = (await opfs.getDirectoryHandle('sandbox').catch(() => null)) as { keys(): AsyncIterable<string> } | null;
      if (sandbox === null) return false;
      for await (const _ of sandbox.keys()) return true;
      return false;
    };
    const until = performance.now() + 15_000;
    while (!(await seeded())) {
      if (performance.now() > until) throw new Error('the sandbox was not seeded within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

/**
 * Write `files` (OPFS-root-relative paths → text) into the page's Origin Private File System,
 * creating folders as needed. `emptyFiles` adds `count` empty files named `prefix00001.txt`… in
 * `folder`, for listings of thousands of entries without thousands of writes.
 */
export async function seedOpfs(page: Page, files: Record<string, string>, emptyFiles?: { folder: string; count: number; prefix: string }): Promise<void> {
  if ([...Object.keys(files), emptyFiles?.folder ?? ''].some((path) => path.startsWith('sandbox/'))) await sandboxSeeded(page);
  await page.evaluate(
    async ({ files, emptyFiles }) => {
      const root = await navigator.storage.getDirectory();
      const dirOf = async (segs: string[]): Promise<FileSystemDirectoryHandle> => {
        let dir = root;
        for (const s of segs) dir = await dir.getDirectoryHandle(s, { create: true });
        return dir;
      };
      for (const [path, text] of Object.entries(files)) {
        const segs = path.split('/');
        const name = segs.pop()!;
        const file = await (await dirOf(segs)).getFileHandle(name, { create: true });
        const w = await file.createWritable();
        await w.write(text);
        await w.close();
      }
      if (emptyFiles) {
        const dir = await dirOf(emptyFiles.folder.split('/'));
        const pending: Promise<unknown>[] = [];
        for (let i = 1; i <= emptyFiles.count; i++) {
          pending.push(dir.getFileHandle(`${emptyFiles.prefix}${String(i).padStart(5, '0')}.txt`, { create: true }));
          if (pending.length === 500) await Promise.all(pending.splice(0));
        }
        await Promise.all(pending);
      }
    },
    { files, emptyFiles },
  );
}

/** The text of an OPFS file (OPFS-root-relative path), or `null` when it does not exist. */
export async function readOpfs(page: Page, path: string): Promise<string | null> {
  if (path.startsWith('sandbox/')) await sandboxSeeded(page);
  return page.evaluate(async (path) => {
    const segs = path.split('/');
    const name = segs.pop()!;
    try {
      let dir = await navigator.storage.getDirectory();
      for (const s of segs) dir = await dir.getDirectoryHandle(s);
      return await (await (await dir.getFileHandle(name)).getFile()).text();
    } catch {
      return null;
    }
  }, path);
}

/** Replace an OPFS file's text, as another program changing the file would. */
export async function writeOpfs(page: Page, path: string, text: string): Promise<void> {
  await seedOpfs(page, { [path]: text });
}
