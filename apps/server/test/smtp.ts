import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** RCPT TO addresses, lower-cased. */
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port that keeps every message it receives, for tests that check
 * what the platform e-mails (pass `url` as SMTP_URL to createTestContext).
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Messages sent to `to` so far. */
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    /** Waits until `count` messages to `to` have arrived, and returns them. */
    async waitFor(address: string, count = 1, timeoutMs = 15_000): Promise<CapturedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.filter((m) => m.to.includes(address.toLowerCase()));
        if (found.length >= count) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`fewer than ${count} e-mails to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
