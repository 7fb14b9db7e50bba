import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { profileCataloguePlugin } from './src/build/profile-catalogue-plugin.ts';

/**
 * `<link rel="modulepreload">` for the page (boot.tsx and its chunks) and a style preload for its
 * CSS. The entry imports the page dynamically (it starts the engine worker first, see main.tsx),
 * so without these the browser would ask for the page only once the entry has run; preloaded, it
 * downloads and compiles while the entry runs. Monaco is not preloaded: compiled that early it
 * competes with the page and the worker for the two cores, and the composer is usable without it
 * (measured with bench/ui-loads.ts, alternating builds: the first screen came later with it).
 */
function preloadFirstScreen(): Plugin {
  const ROOTS = [/src\/app\/boot\.tsx$/];
  return {
    name: 'edit-playground:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const files: string[] = [];
        const visit = (chunk: Rollup.OutputChunk | undefined): void => {
          if (!chunk || files.includes(chunk.fileName)) return;
          files.push(chunk.fileName);
          for (const name of chunk.imports) visit(bundle[name] as Rollup.OutputChunk | undefined);
        };
        for (const root of ROOTS) {
          const chunk = chunks.find((c) => c.facadeModuleId !== null && root.test(c.facadeModuleId));
          if (!chunk) throw new Error(`preloadFirstScreen: no chunk for ${root}`);
          visit(chunk);
        }
        const css = files.flatMap((f) => [...((bundle[f] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])]);
        const tags = [
          ...files.filter((f) => !html.includes(`/${f}"`)).map((f) => ({ rel: 'modulepreload', crossorigin: true, href: `/${f}` })),
          ...css.map((f) => ({ rel: 'preload', as: 'style', crossorigin: true, href: `/${f}` })),
        ].map((attrs) => ({ tag: 'link', attrs, injectTo: 'head' as const }));
        return { html, tags };
      },
    },
  };
}

/**
 * An inline script at the top of index.html that starts the engine worker (its small entry,
 * engine-worker.ts) before the page's own scripts are even requested; worker-client.ts takes it.
 * Started by the entry instead, the worker's script was requested after the page's dozen
 * preloads and its first task ran ~0.3 s later on a loaded machine, while the first screen waits
 * for the sandbox it opens. The URL is the worker chunk's, as `new Worker(new URL(…))` names it.
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
          `try { const worker = new Worker(${url}, { type: 'module', name: 'engine' });`,
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
  plugins: [react(), profileCataloguePlugin(), preloadFirstScreen(), startEngineWorker()],
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
            // Vite's dynamic-import helper stays tiny and apart, so the entry (main.tsx) that
            // starts the worker does not have to wait for the Monaco chunk that also uses it.
            { name: 'preload', test: /preload-helper/, priority: 2 },
            { name: 'monaco', test: /node_modules[\\/](monaco-editor[\\/]esm[\\/]vs[\\/](?!languages[\\/])|@monaco-editor[\\/])/ },
            // Before Monaco's group (higher priority): a group also takes its modules' dependencies,
            // and @monaco-editor/react would pull React into the Monaco chunk.
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|zustand|zod|diff)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  optimizeDeps: {
    // The guarded JSON worker (src/app/json-worker.ts) imports these two Monaco modules. Vite's
    // scan does not look inside `?worker` imports, so pre-bundling them would start only when the
    // worker first loads, and re-bundle every dependency while the page is loading them (504
    // "Outdated Optimize Dep"). Served as they are, like the stock JSON worker's own imports.
    exclude: ['monaco-editor/internal/common/initialize', 'monaco-editor/languages/features/json/jsonWorker'],
  },
  worker: {
    // Module workers: the engine worker and monaco's workers use ES imports.
    format: 'es',
  },
});
