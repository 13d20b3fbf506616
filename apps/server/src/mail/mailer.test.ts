import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { escapeHtml, renderEmail } from './templates';

describe('the outbox mailer', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message readable by its owner only (e-mails carry sign-in links)', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'Test <t@example.com>', outboxDir, log: pino({ level: 'silent' }) });
    await mailer.send(
      renderEmail({
        to: 'ana@example.com',
        subject: 'Hi',
        title: 'Hello <Ana>',
        paragraphs: ['One & two'],
        action: { label: 'Open', url: 'http://localhost:3000/x?a=1&b=2' },
      }),
    );
    const [file] = readdirSync(outboxDir);
    expect(statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
  });
});

describe('renderEmail', () => {
  it('escapes every text in the HTML and keeps the link bare in the text version', () => {
    const message = renderEmail({
      to: 'ana@example.com',
      subject: 'Hi',
      title: '<script>',
      paragraphs: ['"quoted" & <b>'],
      action: { label: 'Go', url: 'http://x/?a=1&b=2' },
    });
    expect(message.html).toContain(escapeHtml('<script>'));
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&#34;quoted&#34; &#38; &#60;b&#62;');
    expect(message.text).toContain('http://x/?a=1&b=2');
  });
});
