import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';

/**
 * Where the server finds the prerendered pages, `{ pages: [{ path, file, except }] }`, and the
 * app's route patterns, `routes`: a path that matches none answers 404 (apps/server/src/plugins/spa.ts).
 */
export const PRERENDER_MANIFEST = 'prerendered/manifest.json';

interface ServerEntry {
  PRERENDERED_PATHS: string[];
  PRERENDERED_DATA: Partial<Record<string, string[]>>;
  ROUTE_PATHS: string[];
  render(url: string): Promise<{ html: string; styleTags: string; modules: string[]; title: string }>;
}

/** The client chunks of the given source modules and everything they import statically. */
function chunkFiles(bundle: Rollup.OutputBundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) add(imported);
  };
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === module);
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    add(chunk.fileName);
  }
  return [...files];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** True when `routePath` (no parameters) is also matched by `pattern` (with `:param` segments). */
function matchesPattern(pattern: string, routePath: string): boolean {
  const a = pattern.split('/');
  const b = routePath.split('/');
  return a.length === b.length && a.every((segment, i) => segment.startsWith(':') || segment === b[i]);
}

/**
 * After the client build, renders the public pages to static HTML (src/entry-server.tsx, built
 * for Node with the same plugins and production React) and writes one file per page next to
 * index.html. The server sends that file for its path; the client hydrates it (src/main.tsx).
 * Every other path keeps the plain index.html shell.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let define: Record<string, unknown> = {};
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      define = config.define ?? {};
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const ssrDir = mkdtempSync(path.join(os.tmpdir(), 'web-prerender-'));
        try {
          await build({
            configFile: false,
            root,
            mode: 'production',
            logLevel: 'warn',
            plugins: [react()],
            // The client build's constants, and production builds of React and Emotion, as in the
            // browser: class names and markup match.
            define: { ...define, 'process.env.NODE_ENV': JSON.stringify('production') },
            ssr: { noExternal: true },
            build: {
              ssr: 'src/entry-server.tsx',
              outDir: ssrDir,
              emptyOutDir: true,
              minify: false,
              copyPublicDir: false,
            },
          });
          const file = readdirSync(ssrDir).find((name) => /^entry-server\.m?js$/.test(name));
          if (!file) throw new Error('prerender: the server entry was not built');
          const entry = (await import(pathToFileURL(path.join(ssrDir, file)).href)) as ServerEntry;
          const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          if (!shell.includes('<div id="root"></div>'))
            throw new Error('prerender: index.html has no empty #root');
          const pages = [];
          for (const pagePath of entry.PRERENDERED_PATHS) {
            const { html, styleTags, modules, title } = await entry.render(pagePath);
            // Its first screen's API answers, fetched at once (see PRERENDERED_DATA).
            const dataUrls = entry.PRERENDERED_DATA[pagePath] ?? [];
            // A page whose first screen is in the HTML needs its scripts only to become
            // interactive: they load after what the first paint needs (fonts, the banner's
            // poster). A page whose first screen waits for data (the library's videos, its largest
            // paint) waits for its scripts too: they keep their normal priority there.
            const scriptPriority = dataUrls.length > 0 ? '' : 'fetchpriority="low" ';
            // The page's own chunks load with the entry, not after it (the client hydrates once
            // they are there).
            const preloads = chunkFiles(
              bundle,
              modules.map((module) => path.resolve(root, 'src/app', module)),
            )
              .filter((file) => !shell.includes(`/${file}"`))
              .map((file) => `<link rel="modulepreload" crossorigin ${scriptPriority}href="/${file}">`)
              .join('');
            const dataPreloads = dataUrls
              .map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`)
              .join('');
            // The first autoplaying video is the page's banner; its poster is the largest paint:
            // fetched first, not after the scripts (a video's poster is otherwise found late, at
            // low priority).
            const banner = /<video\b[^>]*\bautoplay\b[^>]*>/i.exec(html)?.[0];
            const poster = banner && /\bposter="([^"]+)"/.exec(banner)?.[1];
            const posterPreload = poster
              ? `<link rel="preload" as="image" fetchpriority="high" href="${poster}">`
              : '';
            const page = shell
              .replace(
                /<(script type="module"|link rel="modulepreload") crossorigin /g,
                `<$1 crossorigin ${scriptPriority}`,
              )
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
              .replace('</head>', `${posterPreload}${dataPreloads}${preloads}${styleTags}</head>`)
              .replace('<div id="root"></div>', `<div id="root" data-prerendered>${html}</div>`);
            const name =
              pagePath === '/' ? 'index.html' : `${pagePath.slice(1).replace(/:(\w+)/g, '[$1]')}.html`;
            const target = path.join(outDir, 'prerendered', name);
            mkdirSync(path.dirname(target), { recursive: true });
            writeFileSync(target, page);
            const except = pagePath.includes(':')
              ? entry.ROUTE_PATHS.filter((other) => !other.includes(':') && matchesPattern(pagePath, other))
              : [];
            pages.push({ path: pagePath, file: `prerendered/${name}`, except });
          }
          // The catch-all route is the not-found page: it is not a page the server should know.
          const routes = entry.ROUTE_PATHS.filter((route) => route !== '*');
          writeFileSync(
            path.join(outDir, PRERENDER_MANIFEST),
            JSON.stringify({ pages, routes }, null, 2) + '\n',
          );
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
