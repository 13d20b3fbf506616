import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_MAIL_DIR } from './env';

/**
 * Messages already read, by file name: a file is written once, whole (renamed into place by the
 * capture server), so each poll reads only the new ones instead of the whole run's mail again.
 */
const read = new Map<string, string>();

/** Every captured message, newest first. */
function messagesNewestFirst(): string[] {
  return readdirSync(E2E_MAIL_DIR)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()
    .map((file) => {
      let text = read.get(file);
      if (text === undefined) read.set(file, (text = readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8')));
      return text;
    });
}

/** Waits for an e-mail to `to` captured by the run's SMTP server and returns its raw text. */
export async function waitForEmail(
  to: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    const messages = messagesNewestFirst();
    const found = messages.find(
      (message) =>
        message.toLowerCase().includes(to.toLowerCase()) &&
        (!options.subject || options.subject.test(message)),
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} arrived`);
}

/** The first link in a message that starts with `prefix` (quoted-printable soft breaks undone). */
export function findLink(message: string, prefix: string): string {
  const text = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`${escaped}[^\\s"<>]+`));
  if (!match) throw new Error(`no link starting with ${prefix} in the message`);
  return match[0];
}
