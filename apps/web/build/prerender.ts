import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, minifySync, type Plugin, type Rollup } from 'vite';

/**
 * Where the server finds the prerendered pages, `{ pages: [{ path, file, except, live? }] }` (`live`:
 * the template of a page it renders on each request with its data), and the app's route patterns,
 * `routes`: a path that matches none answers 404 (apps/server/src/plugins/spa.ts).
 */
export const PRERENDER_MANIFEST = 'prerendered/manifest.json';

/** The folder of the built server entry (src/entry-server.tsx): the server renders live pages with it. */
const SSR_DIR = '.ssr';

/** The script that starts a prerendered page's scripts after its first paint (public/). */
const PAINT_FIRST = 'paint-first.js';

interface RenderedPage {
  html: string;
  styleTags: string;
  modules: string[];
  title: string;
}

interface ServerEntry {
  PRERENDERED_PATHS: string[];
  PRERENDERED_DATA: Partial<Record<string, string[]>>;
  LIVE_PAGE_DATA: Partial<Record<string, unknown>>;
  ROUTE_PATHS: string[];
  TEMPLATE_MARKS: { title: string; head: string; html: string; data: string };
  render(url: string): Promise<RenderedPage>;
  fillTemplate(template: string, page: RenderedPage): string;
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
        // Every page starts with it: sent without its comments (public/ is copied as it is).
        const starter = path.join(outDir, PAINT_FIRST);
        writeFileSync(starter, minifySync(PAINT_FIRST, readFileSync(starter, 'utf8')).code);
        // Kept with the build (a dot folder, which the server does not serve): the server renders
        // the live pages with it.
        const ssrDir = path.join(outDir, SSR_DIR);
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
        // Its modules are ES modules wherever the build is put (WEB_DIST_DIR may be outside the repo).
        writeFileSync(path.join(ssrDir, 'package.json'), '{ "type": "module" }\n');
        const file = readdirSync(ssrDir).find((name) => /^entry-server\.m?js$/.test(name));
        if (!file) throw new Error('prerender: the server entry was not built');
        const entry = (await import(pathToFileURL(path.join(ssrDir, file)).href)) as ServerEntry;
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!shell.includes('<div id="root"></div>'))
          throw new Error('prerender: index.html has no empty #root');
        const marks = entry.TEMPLATE_MARKS;
        const pages = [];
        for (const pagePath of entry.PRERENDERED_PATHS) {
          const rendered = await entry.render(pagePath);
          // The page's own chunks load with the entry, not after it (the client hydrates once
          // they are there).
          const chunks = chunkFiles(
            bundle,
            rendered.modules.map((module) => path.resolve(root, 'src/app', module)),
          ).filter((file) => !shell.includes(`/${file}"`));
          /**
           * The page around its render. Its scripts (the entry, the shell's and the page's chunks)
           * are fetched and run once the page is on screen (public/paint-first.js; a hidden tab,
           * which paints nothing, starts them at once): fetched with the HTML, they took the
           * bandwidth its first paint needs (fonts, the banner's poster) on a slow network, and run
           * as soon as they arrived, before the page was painted, on a fast network with a slow
           * phone. A page whose first screen waits for data (the library when the server cannot
           * render it) has its API answers preloaded, so they do not wait for the scripts.
           */
          const template = (dataUrls: string[]) => {
            const scripts: string[] = [];
            const withoutScripts = shell
              .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
                scripts.push(href);
                return '';
              })
              .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
                scripts.unshift(src);
                return '';
              });
            const [entryScript, ...shared] = scripts;
            if (!entryScript) throw new Error('prerender: index.html has no module script');
            const preloads = [...shared, ...chunks.map((file) => `/${file}`)].join(' ');
            const start = `<script src="/${PAINT_FIRST}" data-entry="${entryScript}" data-preload="${preloads}" defer></script>`;
            const dataPreloads = dataUrls
              .map(
                (url) => `<link rel="preload" as="fetch" crossorigin href="${url.replace(/&/g, '&amp;')}">`,
              )
              .join('');
            return withoutScripts
              .replace(/<title>[^<]*<\/title>/, `<title>${marks.title}</title>`)
              .replace('</head>', `${dataPreloads}${start}${marks.head}</head>`)
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-prerendered>${marks.html}</div>${marks.data}`,
              );
          };
          const name = pagePath === '/' ? 'index' : pagePath.slice(1).replace(/:(\w+)/g, '[$1]');
          const write = (fileName: string, html: string) => {
            const target = path.join(outDir, 'prerendered', fileName);
            mkdirSync(path.dirname(target), { recursive: true });
            writeFileSync(target, html);
            return `prerendered/${fileName}`;
          };
          const staticFile = write(
            `${name}.html`,
            entry.fillTemplate(template(entry.PRERENDERED_DATA[pagePath] ?? []), rendered),
          );
          // A live page's template: the server fills it on each request with the page rendered
          // from its data (apps/server/src/plugins/live-pages.ts); the static file above is what
          // it sends when it cannot.
          const live = entry.LIVE_PAGE_DATA[pagePath] ? write(`${name}.live.html`, template([])) : undefined;
          const except = pagePath.includes(':')
            ? entry.ROUTE_PATHS.filter((other) => !other.includes(':') && matchesPattern(pagePath, other))
            : [];
          pages.push({ path: pagePath, file: staticFile, except, ...(live ? { live } : {}) });
        }
        // The catch-all route is the not-found page: it is not a page the server should know.
        const routes = entry.ROUTE_PATHS.filter((route) => route !== '*');
        writeFileSync(
          path.join(outDir, PRERENDER_MANIFEST),
          JSON.stringify({ pages, routes }, null, 2) + '\n',
        );
      },
    },
  };
}
