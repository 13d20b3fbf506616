import { randomBytes } from 'node:crypto';

/**
 * The JSON text of shared, frozen values (db/stored-json.ts: a contest's landing content, its
 * video requirements), made once per value, so that an answer carrying one copies the text
 * instead of writing the same few kilobytes again on every request (`npm run bench`: writing the
 * landing was half of the contest page's ~40 µs of `JSON.stringify`).
 */
const texts = new WeakMap<object, string>();

/** Keeps `value`'s JSON text for `stringifyAnswer`; the value must never change (frozen). */
export function rememberJsonText(value: object): void {
  texts.set(value, JSON.stringify(value));
}

// Stands in for a remembered value while the rest is written: a string no client can send, since
// it holds a NUL and this process's random nonce; JSON writes it as "\u0000<nonce><n>".
const MARKER = `\u0000${randomBytes(12).toString('hex')}`;

/**
 * `JSON.stringify(data)`, with the top-level fields whose value has a remembered text copied from
 * it. The same text either way: the presented routes' check (plugins/presented.ts) compares it
 * with the schema's serializer in the apps the test helper builds.
 */
export function stringifyAnswer(data: unknown): string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  const fields = data as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  const known: string[] = [];
  for (const key in fields) {
    const value = fields[key];
    const text = value && typeof value === 'object' ? texts.get(value) : undefined;
    if (text === undefined) continue;
    copy ??= { ...fields };
    copy[key] = `${MARKER}${known.length}`;
    known.push(text);
  }
  if (!copy) return JSON.stringify(data);
  // The stand-ins come out in field order: cut the written text at each and put the value's in.
  const written = JSON.stringify(copy);
  let answer = '';
  let from = 0;
  known.forEach((text, i) => {
    const standIn = JSON.stringify(`${MARKER}${i}`);
    const at = written.indexOf(standIn, from);
    answer += written.slice(from, at) + text;
    from = at + standIn.length;
  });
  return answer + written.slice(from);
}
