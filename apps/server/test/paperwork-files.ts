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

export const PAYEE: PayeeBody = {
  legal_name: 'Jordan Avery Lee',
  country: 'US',
  address: '12 Harbor Street, Portland, OR 97201',
  tax_form: 'W-9',
  tax_id: '123-45-6789',
};
