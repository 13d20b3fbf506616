import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|vtt)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    // Dot folders are not served (.vite's manifest, the server's page renderer in .ssr).
    if (name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes .br and .gz next to every text asset after the build, so the server sends them
 * compressed (@fastify/static `preCompressed`) without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other step that writes files (the prerendered pages).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(outDir)) {
          // A live page's template is read by the server, never sent as it is.
          if (!COMPRESSIBLE.test(file) || file.endsWith('.live.html')) continue;
          const data = readFileSync(file);
          // Small files too (a page loads a dozen chunks under 1 KB), each form only when smaller.
          const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          const gz = gzipSync(data, { level: 9 });
          if (br.length < data.length) writeFileSync(`${file}.br`, br);
          if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}
