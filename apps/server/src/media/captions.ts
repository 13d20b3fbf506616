/** Caption files: WebVTT as it is, SubRip (SRT) converted to WebVTT. */

const SRT_TIME = /(\d{1,2}:\d{2}:\d{2}),(\d{3})/g;
const SRT_CUE = /^\s*\d{1,2}:\d{2}:\d{2},\d{3}\s*-->\s*\d{1,2}:\d{2}:\d{2},\d{3}/m;

/**
 * The captions as WebVTT text, or null when `bytes` are neither WebVTT nor SRT (not UTF-8 text,
 * no WebVTT header and no SRT cue timing).
 */
export function toWebVtt(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.includes('\0')) return null;
  if (/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) return text.endsWith('\n') ? text : `${text}\n`;
  if (!SRT_CUE.test(text)) return null;
  // SRT: numbered cues with comma decimals; WebVTT keeps the numbers as cue identifiers.
  const cues = text
    .trim()
    .split(/\n{2,}/)
    .map((cue) =>
      cue
        .split('\n')
        .map((line) => (line.includes('-->') ? line.replace(SRT_TIME, '$1.$2') : line))
        .join('\n'),
    );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
