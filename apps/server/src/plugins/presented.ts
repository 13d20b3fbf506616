import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { stringifyAnswer } from '../lib/json-text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is written as its presenter built it, not encoded by zod (`registerPresentedAnswers`). */
    presented?: boolean;
  }
}

/**
 * For hot reads whose answer a presenter builds field by field, typed with the response schema:
 * a route that declares `config: { presented: true }` has its answer written with
 * `JSON.stringify` as it is, instead of being checked and copied field by field again by zod's
 * encode (`npm run bench`: a large share of a small read's CPU, the same finding as the video
 * list's). The schema still documents and types it.
 *
 * The text is handed to Fastify as UTF-8 bytes: given a string, Fastify measures its byte length
 * (`Buffer.byteLength`, a scan of every character) and the socket then encodes it again. For the
 * reviewers' entries list (170 KB) that scan alone was 14% of the request's CPU
 * (`bench/full/profile.ts`); `Buffer.from` encodes once and the length comes with the bytes.
 *
 * With `check` (the test helper builds the app so) every such answer is also put through zod's
 * serializer and must come out byte for byte the same (same fields, same order, same values): a
 * presenter that sends a field the schema does not have, misses one or orders them differently
 * fails the test that reads it, instead of being stripped silently.
 */
export function registerPresentedAnswers(app: FastifyInstance, { check }: { check: boolean }): void {
  const serializerCompiler = presentedSerializerCompiler(check);
  app.addHook('onRoute', (route) => {
    if (route.config?.presented) route.serializerCompiler = serializerCompiler;
  });
}

function presentedSerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    // Error answers (rare, built by the error handler) are written as every other route's.
    if (!/^2/.test(String(route.httpStatus))) return zod;
    if (!check) return (data: unknown) => asBytes(stringifyAnswer(data));
    return (data: unknown) => {
      const written = stringifyAnswer(data);
      const expected = zod(data);
      if (written !== expected) {
        let at = 0;
        while (written[at] === expected[at]) at++;
        const around = (text: string) => text.slice(Math.max(0, at - 300), at + 300);
        throw new Error(
          `${route.method} ${route.url}: the presented answer differs from its schema's at ${at}:\n` +
            `presented: …${around(written)}…\nschema:    …${around(expected)}…`,
        );
      }
      return asBytes(written);
    };
  };
}

/** The answer's UTF-8 bytes; Fastify's serializer type says string, and it sends a Buffer as well. */
function asBytes(text: string): string {
  return Buffer.from(text) as unknown as string;
}
