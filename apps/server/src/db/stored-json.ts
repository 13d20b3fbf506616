import type { z } from 'zod';
import { rememberJsonText } from '../lib/json-text';

/**
 * A decoder for a JSON column read as text (`sql\`${column}::text\`.mapWith(decoder)`): the text
 * parsed and put through `schema` (defaults filled in for what was stored before a field existed,
 * or by hand) once per distinct stored text, and the frozen result shared by every later read of
 * the same text. Every contest page reads the same few landings; parsing ~5 KB of JSON twice (by
 * `pg`, then zod) on each read cost the page ~60 µs of its ~500 µs of CPU (`npm run bench`).
 *
 * The map only ever holds what the stored text decodes to, so no process needs another's copy;
 * it is bounded (`limit` texts, the oldest dropped first). A value that fails its schema throws,
 * as the parse on every read did.
 */
export function parsedOnce<S extends z.ZodType>(schema: S, limit = 100): (text: string) => z.output<S> {
  const parsed = new Map<string, z.output<S>>();
  return (text) => {
    const known = parsed.get(text);
    if (known !== undefined) return known;
    const value = deepFreeze(schema.parse(JSON.parse(text)));
    // Answers carrying it copy its JSON text instead of writing it again (lib/json-text.ts).
    if (value && typeof value === 'object') rememberJsonText(value);
    if (parsed.size >= limit) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, value);
    return value;
  };
}

/** Shared between requests, so no reader may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
