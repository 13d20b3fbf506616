import { inflateSync } from 'node:zlib';

/**
 * Names that make a reader run or open something: scripts, launch actions, files attached to the
 * document or opened from it, forms that submit or import, rich media, XFA forms (which carry
 * scripts). `/OpenAction` and `/AA` (what happens on opening, or on an event) are not among them:
 * ordinary writers use them to open at a page, and an action of theirs that would run something
 * is named by one of these, which are found wherever they are.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'GoToE',
  'GoToR',
  'SubmitForm',
  'ImportData',
  'RichMedia',
  'XFA',
]);

/** The filters this check decodes; a stream that may hold objects under any other is refused. */
const FLATE = new Set(['FlateDecode', 'Fl']);
const OTHER_FILTERS = new Set([
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'JBIG2Decode',
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'Crypt',
]);
/**
 * A stream whose dictionary names any of these may hold objects: an object stream (PDF 1.5) has
 * `/Type /ObjStm`, `/N` and `/First`, and some readers use a stream as one without the type.
 */
const OBJECT_STREAM_NAMES = ['ObjStm', 'First', 'N'];

/** What the decoded object streams of one file may add up to (a small file can inflate hugely). */
const MAX_DECODED_BYTES = 32 * 1024 * 1024;
/** Streams inflated in turn at most (a filter list may name FlateDecode several times). */
const MAX_FLATE_LAYERS = 4;
/** Nesting of arrays and dictionaries in a stream's dictionary. */
const MAX_DEPTH = 64;

/** A PDF name token: `/` and the regular characters after it (white-space and delimiters end it). */
const NAME_TOKEN = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;
/** The `obj` keyword (also the end of `endobj`): where an indirect object, maybe a stream, begins. */
const OBJ_KEYWORD = /obj(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;

const WHITE_SPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const [LF, CR, PERCENT, SLASH, LT, GT, LPAREN, RPAREN, BACKSLASH, LBRACKET, RBRACKET] = [
  ...'\n\r%/<>()\\[]',
].map((c) => c.charCodeAt(0));

/** What keeps a PDF from being stored as a release, if anything. */
export type PdfProblem = 'active' | 'unreadable';

/** The file cannot be checked within the bounds above, or an object stream cannot be decoded. */
class Unreadable extends Error {}

/** A name with its `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`). */
function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
}

/** Whether any name in `text` (bytes as latin1) is active, however it is escaped. */
function hasActiveName(text: string): boolean {
  for (const match of text.matchAll(NAME_TOKEN)) if (ACTIVE_NAMES.has(decodeName(match[1]!))) return true;
  return false;
}

type Token =
  | { kind: 'name'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'keyword'; value: string }
  | { kind: 'open' | 'close' | 'other' }
  | { kind: 'end' };

/** PDF tokens (ISO 32000 §7.2) from `pos`, each byte read counted against a shared budget. */
class Lexer {
  constructor(
    private readonly bytes: Buffer,
    public pos: number,
    private readonly budget: { bytes: number },
  ) {}

  private advance(count = 1) {
    this.pos += count;
    this.budget.bytes -= count;
    if (this.budget.bytes < 0) throw new Unreadable();
  }

  private at(offset = 0): number | undefined {
    return this.bytes[this.pos + offset];
  }

  private skipWhile(test: (c: number) => boolean) {
    for (let c = this.at(); c !== undefined && test(c); c = this.at()) this.advance();
  }

  private word(): string {
    const start = this.pos;
    this.skipWhile((c) => !WHITE_SPACE.has(c) && !DELIMITERS.has(c));
    return this.bytes.toString('latin1', start, this.pos);
  }

  /** A literal string: balanced parentheses, backslash escapes. */
  private skipString() {
    let depth = 0;
    for (let c = this.at(); c !== undefined; c = this.at()) {
      this.advance(c === BACKSLASH ? 2 : 1);
      if (c === LPAREN) depth += 1;
      if (c === RPAREN && --depth === 0) return;
    }
  }

  next(): Token {
    for (let c = this.at(); c !== undefined && (WHITE_SPACE.has(c) || c === PERCENT); c = this.at()) {
      if (c === PERCENT) this.skipWhile((d) => d !== CR && d !== LF);
      else this.advance();
    }
    const c = this.at();
    if (c === undefined) return { kind: 'end' };
    if ((c === LT || c === GT) && this.at(1) === c) {
      this.advance(2);
      return { kind: c === LT ? 'open' : 'close' };
    }
    if (c === LBRACKET || c === RBRACKET) {
      this.advance();
      return { kind: c === LBRACKET ? 'open' : 'close' };
    }
    if (c === SLASH) {
      this.advance();
      return { kind: 'name', value: decodeName(this.word()) };
    }
    if (c === LPAREN) {
      this.skipString();
      return { kind: 'other' };
    }
    if (c === LT) {
      this.skipWhile((d) => d !== GT);
      this.advance();
      return { kind: 'other' };
    }
    if (DELIMITERS.has(c)) {
      this.advance();
      return { kind: 'other' };
    }
    const word = this.word();
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)
      ? { kind: 'number', value: Number(word) }
      : { kind: 'keyword', value: word };
  }

  /** After the `stream` keyword: the data starts on the next line (as readers skip to it). */
  dataStart(): number {
    this.skipWhile((c) => c !== CR && c !== LF);
    if (this.at() === CR) this.advance();
    if (this.at() === LF) this.advance();
    return this.pos;
  }
}

/** A stream's dictionary as far as this check needs it: its names, each with the token after it. */
interface StreamHeader {
  names: Array<{ name: string; then: Token }>;
  dataStart: number;
}

/**
 * The stream that begins after the `obj` keyword at `pos`, if one does: every token up to the
 * `stream` keyword is read as its dictionary, so each name any reader could take from it is seen
 * (a malformed dictionary is not cut short where one reader would stop and another would not).
 */
function streamAfter(bytes: Buffer, pos: number, budget: { bytes: number }): StreamHeader | null {
  const lexer = new Lexer(bytes, pos, budget);
  const names: StreamHeader['names'] = [];
  let depth = 0;
  let token = lexer.next();
  if (token.kind !== 'open') return null;
  for (;;) {
    if (token.kind === 'open' && ++depth > MAX_DEPTH) throw new Unreadable();
    if (token.kind === 'close') depth -= 1;
    if (token.kind === 'end') return null;
    if (token.kind === 'keyword') {
      if (token.value === 'stream') return { names, dataStart: lexer.dataStart() };
      if (['obj', 'endobj', 'endstream'].includes(token.value)) return null;
    }
    const following = lexer.next();
    if (token.kind === 'name') names.push({ name: token.value, then: following });
    token = following;
  }
}

/**
 * Decodes a stream that may hold objects and tells whether they name anything active. Only
 * FlateDecode is decoded (without predictors, which object streams do not use); under any other
 * filter, or when the data does not inflate, the stream cannot be checked.
 */
function objectStreamIsActive(bytes: Buffer, header: StreamHeader, budget: { decoded: number }): boolean {
  const filtered = header.names.some(({ name }) => FLATE.has(name));
  for (const { name, then } of header.names) {
    if (OTHER_FILTERS.has(name)) throw new Unreadable();
    // A filter list or its parameters in another object are not followed: refused, not guessed.
    if (['Filter', 'DecodeParms', 'DP'].includes(name) && then.kind === 'number') throw new Unreadable();
    if (name === 'Predictor' && !(then.kind === 'number' && then.value <= 1)) throw new Unreadable();
  }
  // Uncompressed, its objects were read with the rest of the file.
  if (!filtered) return false;
  let data = bytes.subarray(header.dataStart);
  for (let layer = 0; ; layer++) {
    try {
      data = inflateSync(data, { maxOutputLength: Math.max(1, budget.decoded) });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      if (layer === 0 || tooLarge) throw new Unreadable();
      // Not compressed again: every layer was read.
      return false;
    }
    if (layer === MAX_FLATE_LAYERS) throw new Unreadable();
    budget.decoded -= data.length;
    if (hasActiveName(data.toString('latin1'))) return true;
  }
}

/**
 * What in a PDF would make a reader run or open something, decided from its bytes: an active name
 * anywhere in the file (`#xx` escapes decoded), or inside an object stream, which is decoded and
 * read too ('active'). A file whose object streams cannot be decoded, or that takes more than its
 * bounds to read, is 'unreadable': refused rather than stored unchecked. Null for a plain PDF.
 */
export function pdfProblem(bytes: Buffer): PdfProblem | null {
  const text = bytes.toString('latin1');
  if (hasActiveName(text)) return 'active';
  const lexed = { bytes: 2 * bytes.length + 64 * 1024 };
  const inflated = { decoded: MAX_DECODED_BYTES };
  try {
    for (const match of text.matchAll(OBJ_KEYWORD)) {
      const header = streamAfter(bytes, match.index + 3, lexed);
      if (!header?.names.some(({ name }) => OBJECT_STREAM_NAMES.includes(name))) continue;
      if (objectStreamIsActive(bytes, header, inflated)) return 'active';
    }
  } catch (error) {
    if (error instanceof Unreadable) return 'unreadable';
    throw error;
  }
  return null;
}
