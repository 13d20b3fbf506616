import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { configOrExit } from '../config/env';
import { openRuntime } from '../bootstrap';
import type { AppDeps } from '../app-deps';
import { createAccessTokens } from '../plugins/auth';
import * as createUserCommand from './commands/create-user';
import * as approveVideoCommand from './commands/approve-video';
import * as createContestCommand from './commands/create-contest';

/** A command gets the app's dependencies (it works through the modules' services) and its arguments. */
type Command = (deps: AppDeps, argv: string[]) => Promise<string>;

const commands: Record<string, { run: Command; usage: string }> = {
  'create-user': {
    run: createUserCommand.createUser,
    usage: createUserCommand.usage,
  },
  'approve-video': { run: approveVideoCommand.approveVideo, usage: approveVideoCommand.usage },
  'create-contest': { run: createContestCommand.createContest, usage: createContestCommand.usage },
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
  // On the embedded database, commands share one socket into the server's PGlite, which runs one
  // transaction at a time: admin commands take turns.
  const release = config.DATABASE_URL ? () => {} : await takeTurn(path.join(config.DATA_DIR, 'admin.lock'));
  const runtime = await openRuntime(
    { ...config, LOG_LEVEL: 'warn' },
    { share: false, migrate: true, queue: false },
  );
  try {
    const deps: AppDeps = {
      config: runtime.config,
      log: runtime.log,
      database: runtime.db.handle,
      queue: runtime.queue,
      mailer: runtime.mailer,
      storage: runtime.storage,
      metrics: runtime.metrics,
      tokens: createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL),
    };
    process.stdout.write(`${await command.run(deps, argv)}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await runtime.close();
    release();
  }
}

/** A lock shared by processes: a directory that exists while one command runs (stale after 60 s). */
async function takeTurn(lockDir: string): Promise<() => void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch {
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000 || Date.now() > deadline) rmSync(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

void main();
