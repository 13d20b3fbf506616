/** A piece of a message's text: plain text, or a link to show as one. */
export type BodyPart = { text: string; href?: undefined } | { text: string; href: string };

/** Candidates: a run of non-space characters starting with http:// or https://. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.example/a."). */
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The address as a link target when it parses as an http(s) URL; null otherwise. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a message's plain text into text and links (issue 49: "links shown as links"). Only
 * http and https addresses become links; everything else stays text, which React renders as
 * text (no HTML is ever built from a message).
 */
export function linkify(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
