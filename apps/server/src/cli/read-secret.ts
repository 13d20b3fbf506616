import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Where a command reads a secret from: a pipe (`--password-stdin`) or a prompt on the terminal. */
export interface SecretInput {
  /** True when a person is at a terminal who can be prompted. */
  interactive: boolean;
  /** The first line of standard input (a piped password). */
  readLine(): Promise<string>;
  /** Asks at the terminal without echoing what is typed. */
  prompt(question: string): Promise<string>;
}

/** The process's own standard input and terminal. */
export const processSecretInput: SecretInput = {
  interactive: Boolean(process.stdin.isTTY),
  async readLine() {
    let text = '';
    for await (const chunk of process.stdin) {
      text += String(chunk);
      if (text.includes('\n')) break;
    }
    return text.split(/\r?\n/)[0] ?? '';
  },
  prompt(question) {
    // What is typed is not echoed: the readline output goes to a sink after the question.
    process.stderr.write(question);
    const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
    const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
    return new Promise((resolve) =>
      rl.question('', (answer) => {
        rl.close();
        process.stderr.write('\n');
        resolve(answer);
      }),
    );
  },
};

/** A fixed stdin (tests, and tools that pipe a password in). */
export function pipedSecret(text: string): SecretInput {
  return {
    interactive: false,
    readLine: async () => text.split(/\r?\n/)[0] ?? '',
    prompt: async () => '',
  };
}
