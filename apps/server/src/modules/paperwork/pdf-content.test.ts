import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectStreamPdf, RELEASE_PDF } from '../../../test/paperwork-files';
import { pdfProblem } from './pdf-content';

/** A PDF of one object whose dictionary is `dictionary` and whose stream data is `data`. */
const withStream = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.5\n4 0 obj\n<< ${dictionary} >>\nstream\r\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
const OBJECTS = Buffer.from('1 0 << /Type /Catalog /OpenAction << /S /Launch /F (calc.exe) >> >>');
const PLAIN = Buffer.from('1 0 << /Type /Catalog /Pages 2 0 R >>');
/** Each character of a name as a `#xx` escape. */
const escaped = (name: string) => [...name].map((c) => `#${c.charCodeAt(0).toString(16)}`).join('');

describe('what a PDF would make a reader run or open (release files, issue 31)', () => {
  it('finds active names however they are escaped', () => {
    for (const name of ['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'RichMedia', 'XFA', 'SubmitForm']) {
      const pdf = (written: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /${written} 2 0 R >> endobj\n%%EOF`);
      expect(pdfProblem(pdf(name))).toBe('active');
      expect(pdfProblem(pdf(escaped(name)))).toBe('active');
      expect(pdfProblem(pdf(`${name}s#41`))).toBeNull();
    }
    expect(pdfProblem(RELEASE_PDF)).toBeNull();
  });

  it('reads object streams: Flate-compressed (once or more) they are decoded, otherwise refused', () => {
    const objectStream = '/Type /ObjStm /N 1 /First 4';
    expect(pdfProblem(withStream(`${objectStream} /Filter /FlateDecode`, deflateSync(OBJECTS)))).toBe(
      'active',
    );
    expect(pdfProblem(withStream(`/N 1 /First 4 /Filter [/Fl /Fl]`, deflateSync(deflateSync(OBJECTS))))).toBe(
      'active',
    );
    // Named by escapes, and behind a malformed dictionary a lenient reader reads on through.
    expect(pdfProblem(withStream(`/X >> /Obj#53tm /F#69lter /Fl#61teDecode`, deflateSync(OBJECTS)))).toBe(
      'active',
    );
    // Uncompressed: the file's own bytes show it.
    expect(pdfProblem(withStream(objectStream, OBJECTS))).toBe('active');
    for (const filter of [
      '/Filter /ASCIIHexDecode',
      '/Filter [/FlateDecode /ASCII85Decode]',
      '/Filter 7 0 R',
      '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>',
    ])
      expect(pdfProblem(withStream(`${objectStream} ${filter}`, deflateSync(OBJECTS)))).toBe('unreadable');
    // Not Flate data after all, five layers deep, or inflating past the bound.
    expect(pdfProblem(withStream(`${objectStream} /Filter /FlateDecode`, PLAIN))).toBe('unreadable');
    let deep = PLAIN;
    for (let i = 0; i < 6; i++) deep = deflateSync(deep);
    expect(pdfProblem(withStream(`${objectStream} /Filter /FlateDecode`, deep))).toBe('unreadable');
    expect(
      pdfProblem(withStream(`${objectStream} /Filter /FlateDecode`, deflateSync(Buffer.alloc(33 << 20)))),
    ).toBe('unreadable');
    // Plain ones, and compressed streams that hold no objects (page content, images).
    expect(pdfProblem(objectStreamPdf())).toBeNull();
    expect(pdfProblem(withStream('/Filter /FlateDecode', deflateSync(OBJECTS)))).toBeNull();
    expect(pdfProblem(withStream('/Subtype /Image /Filter /DCTDecode', PLAIN))).toBeNull();
  });

  it('answers any bytes in bounded time, never throwing', () => {
    const syntax = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('<<', '>>', '[', ']', '(', ')', '\\', '%', '\n', 'obj', 'endobj', 'stream\n', '/N 1'),
      fc.constantFrom('/First 4', '/Filter /FlateDecode', '/Predictor 2', '<4a53>', '/J#53', '<<'.repeat(70)),
    );
    fc.assert(
      fc.property(fc.array(syntax, { maxLength: 60 }), fc.uint8Array({ maxLength: 64 }), (tokens, bytes) => {
        const text = Buffer.from(`%PDF-1.5\n${tokens.join(' ')}`, 'latin1');
        for (const pdf of [text, Buffer.concat([text, deflateSync(text), Buffer.from(bytes)])])
          expect([null, 'active', 'unreadable']).toContain(pdfProblem(pdf));
      }),
      { numRuns: 500, seed: 31 },
    );
    // Objects opened inside each other all the way: the reading budget ends it.
    const nested = Buffer.from(`%PDF-1.5\n${'1 0 obj << ('.repeat(200_000)}`, 'latin1');
    const started = Date.now();
    expect(pdfProblem(nested)).toBe('unreadable');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
