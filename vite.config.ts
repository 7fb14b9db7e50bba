import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { profileCataloguePlugin } from './src/build/profile-catalogue-plugin.ts';

/**
 * Monaco's language features (the JSON mode's worker manager) import `createWebWorker` from
 * `monaco-editor/internal/common/workers` (as `../../../internal/common/workers.js`), a module
 * that also imports every editor contribution Monaco has (code lens, inlay hints, sticky scroll,
 * inline completions, colour picker, …) and their services: ~0.5 MB of the Monaco chunk. That
 * import resolves to src/app/monaco-web-worker.ts, the same function without them, so Monaco
 * holds only the contributions monaco-setup.ts lists: in the build, and in the dev server's
 * dependency pre-bundle (where a contribution that came without its service made every later
 * editor throw "depends on UNKNOWN service").
 */
const MONACO_WEB_WORKER = fileURLToPath(new URL('./src/app/monaco-web-worker.ts', import.meta.url));
function monacoWebWorkerOnly(): Plugin {
  return {
    name: 'edit-playground:monaco-web-worker-only',
    enforce: 'pre',
    resolveId(source: string, importer: string | undefined): string | null {
      if (importer === undefined || !/[\\/]monaco-editor[\\/]esm[\\/]/.test(importer)) return null;
      return /^(?:\.\.\/)+internal\/common\/workers\.js$/.test(source) ? MONACO_WEB_WORKER : null;
    },
  };
}

/**
 * The modules the entry (main.tsx) imports statically, from node_modules aside: the first
 * screen. Collected when the module graph is complete, before chunks are made, for the `app`
 * chunk group below: the modules the first screen shares with the lazily loaded views (the
 * stores, the worker client, …) otherwise become small chunks of their own, seven requests the
 * HTML makes at once, which queued on the browser's six connections ahead of the engine
 * worker's script.
 */
function firstScreenModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'edit-playground:first-screen-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const entry = [...this.getModuleIds()].find((id) => /[\\/]src[\\/]app[\\/]main\.tsx$/.test(id));
      if (entry === undefined) return;
      const queue = [entry];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (modules.has(id) || /[\\/]node_modules[\\/]/.test(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}
const firstScreen = firstScreenModules();

/**
 * An inline script at the top of index.html that starts the engine worker (its small entry,
 * engine-worker.ts) before the page's own scripts are even requested; worker-client.ts takes it.
 * Started by the entry instead, the worker's script was requested after the page's dozen
 * preloads and its first task ran ~0.3 s later on a loaded machine, while the first screen waits
 * for the sandbox it opens. The URL is the worker chunk's, as `new Worker(new URL(…))` names it.
 *
 * The worker's script is a one-line module from a blob: URL that imports the chunk. A worker
 * started from the chunk's own URL is a service-worker client whose script the browser fetches
 * only after looking up the origin's service-worker registrations; in a fresh profile that lookup
 * waits for the service-worker storage, and the worker's first task ran ~160 ms after
 * `new Worker` in a trace (~65 ms from a blob:, which inherits the page's controller instead).
 * Its import is an ordinary fetch; a failed one fires the same `error` event.
 */
function startEngineWorker(): Plugin {
  return {
    name: 'edit-playground:start-engine-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const file = Object.keys(bundle).find((f) => /(^|\/)engine-worker-[\w-]+\.js$/.test(f));
        if (file === undefined) throw new Error('startEngineWorker: no engine-worker chunk in the bundle');
        const url = JSON.stringify(`/${file}`);
        const children = [
          `try { const src = 'import ' + JSON.stringify(new URL(${url}, location.href).href) + ';';`,
          `const worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })), { type: 'module', name: 'engine' });`,
          `const started = { worker, failed: false };`,
          `worker.addEventListener('error', () => { started.failed = true; });`,
          `window.__engineWorker = started; } catch {}`,
        ].join(' ');
        return { html, tags: [{ tag: 'script', children, injectTo: 'head-prepend' }] };
      },
    },
  };
}

// Everything the page needs is bundled from node_modules: the app must work offline and
// never reach a CDN (the e2e network guard fails any request that leaves localhost).
export default defineConfig({
  plugins: [monacoWebWorkerOnly(), react(), profileCataloguePlugin(), startEngineWorker(), firstScreen.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Monaco's core alone is ~3 MB minified; it is reported separately, not warned about.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // The app, React and Monaco as separate chunks: they load in parallel (modulepreload),
        // change at different times (an app change leaves the 3 MB Monaco chunk cached), and the
        // UI benchmark can report each. Monaco's languages/ stay out of the group: its language
        // tokenizers and the JSON mode are dynamic imports, loaded only when a file needs them,
        // and a group would merge them into the chunk every page loads.
        codeSplitting: {
          groups: [
            // The first screen's own modules, in one chunk (see firstScreenModules), Vite's
            // dynamic-import helper with them (the Monaco chunk imports it from there).
            { name: 'app', test: (id: string) => firstScreen.has(id), priority: 1 },
            { name: 'monaco', test: /node_modules[\\/](monaco-editor[\\/]esm[\\/]vs[\\/](?!languages[\\/])|@monaco-editor[\\/])/ },
            // Before Monaco's group (higher priority): a group also takes its modules' dependencies,
            // and @monaco-editor/react would pull React into the Monaco chunk.
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|zustand|zod|diff)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
  optimizeDeps: {
    rolldownOptions: { plugins: [monacoWebWorkerOnly()] },
    // The guarded JSON worker (src/app/json-worker.ts) imports these two Monaco modules. Vite's
    // scan does not look inside `?worker` imports, so pre-bundling them would start only when the
    // worker first loads, and re-bundle every dependency while the page is loading them (504
    // "Outdated Optimize Dep"). Served as they are, like the stock JSON worker's own imports.
    exclude: ['monaco-editor/internal/common/initialize', 'monaco-editor/languages/features/json/jsonWorker'],
    // The engine worker's own dependencies, for the same reason: the scan starts from the page,
    // and since the page's records use `zod/mini`, nothing it imports names `zod` itself. Found
    // only when the worker loads its handlers (as Monaco loads, after the first screen), zod was
    // pre-bundled then and Monaco's JSON mode answered 504 in the dev smoke test.
    include: ['zod', 're2js'],
  },
  worker: {
    // Module workers: the engine worker and monaco's workers use ES imports.
    format: 'es',
  },
});
