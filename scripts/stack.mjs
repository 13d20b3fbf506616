#!/usr/bin/env node
// `npm run stack`: the platform scaled out on this machine, as production runs it —
//   nginx (Debian's) on loopback as the load balancer, configured by deploy/nginx.conf.template
//   (the file a deployment renders too), round robin over
//   two app processes (WORKERS=false) and one worker process (`npm run worker`),
//   all on one PostgreSQL server and an S3-protocol server (s3rver) on loopback.
// It listens on STACK_PORT (default 8080) and passes SMTP_URL, DATABASE_URL and PUBLIC_URL through.
// An app or worker process that dies is restarted after a second, as a supervisor would: a rolling
// restart is SIGTERM to one process at a time (their ids are in STACK_DIR/pids.json), each finishing
// its work before it exits 0 (STACK_DIR/exits.json keeps every exit, for tests).
// SIGINT or SIGTERM stops everything it started; nothing is left running or listening.
// `--fresh` starts from an empty database and state folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { buildServer, serverDir, serverEnv, serverNodeArgs } from '../apps/server/scripts/start-command.mjs';
import { renderNginxConfig } from '../deploy/nginx-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.STACK_PORT ?? 8080);
const appPorts = [port + 1, port + 2];
const s3Port = port + 3;
const stateDir = path.resolve(process.env.STACK_DIR ?? path.join(os.tmpdir(), `cc-stack-${port}`));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cinematic_stack';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const bucket = 'contest-media';
const nginxBin =
  process.env.NGINX_PATH ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => existsSync(bin));

const children = [];
/** Each process's exits so far (code, or the signal that ended it), by name. */
const exits = {};
let s3;
let stopping = false;

function log(message) {
  process.stdout.write(`[stack] ${message}\n`);
}

/** The JWT secret every app process must share (a session started on one is valid on the other). */
function sharedSecret() {
  const file = path.join(stateDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Creates the stack's database on the PostgreSQL server when it does not exist yet. */
async function ensureDatabase({ fresh }) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function start(name, args, env) {
  const entry = { name, child: undefined };
  children.push(entry);
  launch(entry, args, env);
}

function launch(entry, args, env) {
  const { name } = entry;
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, ...serverEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (line) => line && process.stdout.write(`[${name}] ${line}\n`);
  child.stdout.on('data', (chunk) => String(chunk).split('\n').forEach(prefix));
  child.stderr.on('data', (chunk) => String(chunk).split('\n').forEach(prefix));
  // A process that dies leaves the others serving (the balancer skips it) and is started again.
  child.on('exit', (code, signal) => {
    if (stopping) return;
    (exits[name] ??= []).push(signal ?? code);
    writeFileSync(path.join(stateDir, 'exits.json'), JSON.stringify(exits, null, 2));
    log(`${name} exited (${signal ?? code}); restarting it in 1 s`);
    setTimeout(() => stopping || launch(entry, args, env), 1000);
  });
  entry.child = child;
  writePids();
}

/** The processes' ids, for tests that kill one mid-journey. */
function writePids() {
  const pids = Object.fromEntries(children.map(({ name, child }) => [name, child?.pid]));
  writeFileSync(path.join(stateDir, 'pids.json'), JSON.stringify(pids, null, 2));
}

async function waitForHealth(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  const exits = children.map(
    ({ child }) =>
      new Promise((resolve) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      }),
  );
  await Promise.all(exits);
  await s3?.close().catch(() => undefined);
  log('stopped');
  process.exit(code);
}

async function main() {
  if (!nginxBin) throw new Error('nginx not found: apt-get install -y nginx (or set NGINX_PATH)');
  const fresh = process.argv.includes('--fresh');
  if (fresh) rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(path.join(stateDir, 'nginx'), { recursive: true });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  buildServer();
  await ensureDatabase({ fresh });

  s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: path.join(stateDir, 's3'),
    configureBuckets: [{ name: bucket }],
  });
  await s3.run();
  log(`S3-protocol server on http://127.0.0.1:${s3Port} (bucket ${bucket})`);

  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: sharedSecret(),
    // One DATA_DIR for every process of this machine: outbox and unfinished resumable uploads.
    DATA_DIR: path.join(stateDir, 'data'),
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: '127.0.0.1',
    WORKERS: 'false',
    ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL } : {}),
  };
  const appArgs = serverNodeArgs();
  const workerArgs = appArgs.map((arg) =>
    arg.endsWith('dist/server.js') ? arg.replace(/server\.js$/, 'worker.js') : arg,
  );

  // The first process migrates and seeds alone; then the others start.
  start('app1', appArgs, { ...shared, PORT: String(appPorts[0]), HOST: '127.0.0.1' });
  await waitForHealth(`http://127.0.0.1:${appPorts[0]}/api/health/`);
  start('app2', appArgs, { ...shared, PORT: String(appPorts[1]), HOST: '127.0.0.1' });
  start('worker', workerArgs, shared);
  await waitForHealth(`http://127.0.0.1:${appPorts[1]}/api/health/`);

  const nginxDir = path.join(stateDir, 'nginx');
  // The balancer's configuration is the deployment's (deploy/nginx.conf.template), on loopback.
  const nginxConfig = renderNginxConfig({
    upstreams: appPorts.map((appPort) => `127.0.0.1:${appPort}`),
    listen: `127.0.0.1:${port}`,
    pidDir: nginxDir,
    tempDir: nginxDir,
    logDir: nginxDir,
  });
  writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig);
  const nginx = spawn(
    nginxBin,
    ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  nginx.on('exit', (code, signal) => {
    if (!stopping) {
      log(`nginx exited (${signal ?? code}); stopping the stack`);
      void stop(1);
    }
  });
  children.push({ name: 'nginx', child: nginx });
  writePids();
  await waitForHealth(`http://127.0.0.1:${port}/api/health/`);
  log(
    `ready on ${publicUrl} (balancer 127.0.0.1:${port} → app ${appPorts.join(', ')}; worker; ${databaseUrl})`,
  );
}

main().catch((error) => {
  process.stderr.write(`[stack] failed: ${error instanceof Error ? error.message : String(error)}\n`);
  void stop(1);
});
