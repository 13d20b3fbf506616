import { DELIVERY_MESSAGES } from '@app/domain';

/** What the licence certificate states (issue 31): every value comes from the delivery. */
export interface CertificateFacts {
  entryId: number;
  contestTitle: string;
  brandName: string;
  creatorName: string;
  place: number;
  filmTitle: string;
  version: number;
  agreement: { version: number; sha256: string } | null;
  licence: {
    id: string;
    terms: string;
    channels: string;
    territories: string;
    exclusivity: string;
    startsOn: string;
    endsOn: string;
    verifyUrl: string;
  };
  master: { fileName: string; contentType: string; sizeBytes: number; sha256: string };
  /** The results' publication: the certificate's date, and its PDF creation date. */
  issuedAt: Date;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A QR code of `text` drawn as vector squares (no image embedded), 96 pt wide, below the cursor. */
async function drawQrCode(doc: PDFKit.PDFDocument, text: string): Promise<void> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const cell = 96 / count;
  const x = doc.page.margins.left;
  const y = doc.y + 6;
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.x = x;
  doc.y = y + 96 + 6;
}

/**
 * The licence certificate as a PDF (pdfkit, standard fonts, nothing embedded). The same facts give
 * the same bytes: the PDF's creation date (from which pdfkit derives the file id) is the results'
 * publication, not the time of the download.
 */
export async function renderCertificate(facts: CertificateFacts): Promise<Buffer> {
  // pdfkit is loaded with the first certificate, not by every process at start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Licence certificate — entry ${facts.entryId}`,
      Author: 'Contest platform',
      Subject: facts.contestTitle,
      CreationDate: facts.issuedAt,
      ModDate: facts.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) =>
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text).moveDown(0.2);
  const field = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value);
  const hash = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}:`).font('Courier').fontSize(9.5).text(value);

  doc.font('Helvetica-Bold').fontSize(20).text('Licence certificate');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Issued ${day(facts.issuedAt)} for entry ${facts.entryId}`);

  heading('Parties and contest');
  field('Contest', facts.contestTitle);
  field('Brand', facts.brandName);
  field('Creator', facts.creatorName);
  field('Place', String(facts.place));
  field('Film', `${facts.filmTitle} (version ${facts.version})`);

  heading('Agreement');
  if (facts.agreement) {
    field('Agreement version', String(facts.agreement.version));
    hash('Agreement SHA-256', facts.agreement.sha256);
  } else {
    field('Agreement version', DELIVERY_MESSAGES.agreementNotRecorded);
  }

  heading('Grant');
  doc.font('Helvetica').fontSize(10).text(facts.licence.terms);
  field('Channels', facts.licence.channels);
  field('Territories', facts.licence.territories);
  field('Exclusivity', facts.licence.exclusivity);
  field('Licence starts', facts.licence.startsOn);
  field('Licence ends', facts.licence.endsOn);
  field('Licence id', facts.licence.id);
  field('Verify at', facts.licence.verifyUrl);
  await drawQrCode(doc, facts.licence.verifyUrl);

  heading('Delivered master');
  field('File', facts.master.fileName);
  field('Type', facts.master.contentType);
  field('Size in bytes', String(facts.master.sizeBytes));
  hash('SHA-256', facts.master.sha256);
  doc
    .moveDown(0.8)
    .font('Helvetica')
    .fontSize(9)
    .text(
      'A file is the delivered master when its SHA-256 equals the value above; the delivery page computes it in the browser.',
    );

  doc.end();
  return done;
}
