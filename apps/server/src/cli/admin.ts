import { configOrExit } from '../config/env';
import { openRuntime } from '../bootstrap';
import type { Database } from '../db/client';
import * as createUserCommand from './commands/create-user';
import * as approveVideoCommand from './commands/approve-video';

type Command = (db: Database, argv: string[]) => Promise<string>;

const commands: Record<string, { run: Command; usage: string }> = {
  'create-user': { run: createUserCommand.createUser, usage: createUserCommand.usage },
  'approve-video': { run: approveVideoCommand.approveVideo, usage: approveVideoCommand.usage },
};

function help(): string {
  return ['Usage: npm run admin -- <command> [options]', '', 'Commands:']
    .concat(Object.values(commands).map((c) => `  ${c.usage}`))
    .join('\n');
}

/**
 * Admin commands work on either database, with or without the server running: on the embedded
 * database they go through the running server's socket (see db/runtime.ts).
 */
async function main(): Promise<void> {
  const [name, ...argv] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stdout.write(`${help()}\n`);
    process.exit(name && name !== 'help' ? 2 : 0);
  }
  const config = configOrExit();
  const runtime = await openRuntime(
    { ...config, LOG_LEVEL: 'warn' },
    { share: false, migrate: true, queue: false },
  );
  try {
    process.stdout.write(`${await command.run(runtime.db.handle.db, argv)}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await runtime.close();
  }
}

void main();
