import { deflateSync } from 'node:zlib';
import type { PayeeBody } from '@app/domain';

/*
 * Paperwork the tests file (issue 31), without other imports: the API tests and the browser
 * suite's setup share it.
 */

/** A small PDF as a signed release would be: the header, one page, the end-of-file marker. */
export const RELEASE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/**
 * A one-page PDF 1.5 as many writers save one: its catalog, page tree and page kept in a
 * Flate-compressed object stream, found through a cross-reference stream. `catalogEntries` is
 * written into the catalog's dictionary, inside the compressed stream (e.g. an `/OpenAction`).
 */
export function objectStreamPdf(catalogEntries = ''): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogEntries}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  // Objects 1-3 in object stream 4; the cross-reference stream is object 5.
  let offset = 0;
  const index = objects.map((object, i) => {
    const pair = `${i + 1} ${offset}`;
    offset += object.length + 1;
    return pair;
  });
  const header = `${index.join(' ')}\n`;
  const packed = deflateSync(Buffer.from(header + objects.join('\n') + '\n', 'latin1'));
  const head = Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const objectStream = Buffer.concat([
    Buffer.from(
      `4 0 obj\n<< /Type /ObjStm /N ${objects.length} /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
      'latin1',
    ),
    packed,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const xrefAt = head.length + objectStream.length;
  // Fields of 1, 4 and 2 bytes: type (0 free, 1 at an offset, 2 in an object stream), offset or
  // object stream number, generation or index.
  const entry = (type: number, field: number, last: number) => {
    const row = Buffer.alloc(7);
    row.writeUInt8(type, 0);
    row.writeUInt32BE(field, 1);
    row.writeUInt16BE(last, 5);
    return row;
  };
  const rows = Buffer.concat([
    entry(0, 0, 0xffff),
    ...objects.map((_, i) => entry(2, 4, i)),
    entry(1, head.length, 0),
    entry(1, xrefAt, 0),
  ]);
  const xref = Buffer.concat([
    Buffer.from(
      `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`,
      'latin1',
    ),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
  return Buffer.concat([head, objectStream, xref]);
}

export const PAYEE: PayeeBody = {
  legal_name: 'Jordan Avery Lee',
  country: 'US',
  address: '12 Harbor Street, Portland, OR 97201',
  tax_form: 'W-9',
  tax_id: '123-45-6789',
};
