import { VIDEO_SEARCH_QUERY_MAX } from '@app/domain';

/** The most terms used and the longest term kept (the longest query read is the domain's). */
const MAX_TERMS = 16;
const MAX_TERM_CHARS = 64;

const WORD_PART = /[\p{L}\p{M}\p{N}]+/gu;

function lexemes(text: string): string[] {
  return (text.toLowerCase().match(WORD_PART) ?? []).map((word) => word.slice(0, MAX_TERM_CHARS));
}

/**
 * Turns what a person typed into a `to_tsquery('simple', …)` string with websearch-like syntax —
 * "quoted phrases", -exclusions, `or` — where every word is a prefix (search as you type).
 * Only letters, marks and digits survive, each lexeme quoted, so the result always parses.
 * Returns null when nothing searchable is left.
 */
export function toPrefixTsQuery(input: string): string | null {
  const text = input.slice(0, VIDEO_SEARCH_QUERY_MAX);
  const tokens = text.match(/-?"[^"]*"?|\S+/g) ?? [];
  const groups: string[][] = [[]];
  let terms = 0;
  let pendingOr = false;
  for (const raw of tokens) {
    if (terms >= MAX_TERMS) break;
    if (raw.toLowerCase() === 'or') {
      pendingOr = groups[groups.length - 1]!.length > 0;
      continue;
    }
    const negated = raw.startsWith('-');
    const body = negated ? raw.slice(1) : raw;
    const words = lexemes(body.replace(/"/g, ' ')).slice(0, MAX_TERMS - terms);
    if (!words.length) continue;
    terms += words.length;
    const phrase = words.map((word) => `'${word}':*`).join(' <-> ');
    const clause = negated ? `!(${phrase})` : words.length > 1 ? `(${phrase})` : phrase;
    if (pendingOr) groups.push([]);
    pendingOr = false;
    groups[groups.length - 1]!.push(clause);
  }
  const parts = groups.filter((group) => group.length > 0);
  // A query of exclusions only would scan everything; it finds nothing instead.
  if (!parts.length || parts.every((group) => group.every((clause) => clause.startsWith('!')))) return null;
  return parts.map((group) => group.join(' & ')).join(' | ');
}
