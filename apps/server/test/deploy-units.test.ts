import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deployDir = path.resolve(serverDir, '../../deploy');
const scripts = (
  JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** A unit file's settings of one key, in order (`Environment=` may come several times). */
function settings(unit: string, key: string): string[] {
  return readFileSync(path.join(deployDir, unit), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
}

/** An npm script's last command (`[NAME=value…] node <args>`): its settings and node's arguments. */
function nodeCommand(script: string) {
  const words = script.split('&&').pop()!.trim().split(/\s+/);
  const node = words.indexOf('node');
  return { settings: words.slice(0, node), args: words.slice(node + 1) };
}

const UNITS = [
  'cinematic-app.service',
  'cinematic-app@.service',
  'cinematic-worker.service',
  'cinematic-migrate.service',
];
const SERVICES = UNITS.filter((unit) => unit !== 'cinematic-migrate.service');
const dataDir = () => /^DATA_DIR=(.*)$/m.exec(readFileSync(path.join(deployDir, 'env.example'), 'utf8'))![1];

/** The deployment kit's systemd units (deploy/README.md) run what `npm start` and its siblings run. */
describe('the systemd units in deploy/', () => {
  it.each(UNITS)(
    '%s runs the release as its own user, with the site settings, writing only DATA_DIR',
    (unit) => {
      expect(settings(unit, 'User')).toEqual(['cinematic']);
      expect(settings(unit, 'WorkingDirectory')).toEqual(['/opt/cinematic/apps/server']);
      expect(settings(unit, 'EnvironmentFile')).toEqual(['/etc/cinematic/env']);
      expect(settings(unit, 'NoNewPrivileges')).toEqual(['true']);
      expect(settings(unit, 'ProtectSystem')).toEqual(['strict']);
      expect(settings(unit, 'ReadWritePaths')).toEqual([dataDir()]);
    },
  );

  it.each(SERVICES)('%s stops gracefully on SIGTERM and is restarted when it fails', (unit) => {
    expect(settings(unit, 'KillSignal')).toEqual(['SIGTERM']);
    expect(settings(unit, 'TimeoutStopSec')).toEqual(['35']);
    expect(settings(unit, 'Restart')).toEqual(['on-failure']);
    // The migrations run first (the unit is pulled in and ordered before).
    expect(settings(unit, 'Wants').join(' ')).toContain('cinematic-migrate.service');
    expect(settings(unit, 'After').join(' ')).toContain('cinematic-migrate.service');
  });

  it.each([
    ['cinematic-app.service', 'start'],
    ['cinematic-app@.service', 'start'],
    ['cinematic-worker.service', 'worker'],
  ])('%s runs the bundle as `npm run %s` does: same settings, same node flags', (unit, script) => {
    const command = nodeCommand(scripts[script]!);
    expect(settings(unit, 'ExecStart')).toEqual([`/usr/bin/node ${command.args.join(' ')}`]);
    for (const setting of command.settings) expect(settings(unit, 'Environment')).toContain(setting);
  });

  it('gives each templated app process the port its instance names', () => {
    expect(settings('cinematic-app@.service', 'Environment')).toContain('PORT=%i');
  });

  it('runs the migrations as `npm run migrate` does, once, before the app', () => {
    const [runner, file] = scripts.migrate!.split(/\s+/);
    expect(runner).toBe('tsx');
    expect(settings('cinematic-migrate.service', 'ExecStart')).toEqual([
      `/usr/bin/node --import tsx ${file}`,
    ]);
    expect(settings('cinematic-migrate.service', 'Type')).toEqual(['oneshot']);
  });

  const analyze = spawnSync('which', ['systemd-analyze']).status === 0;
  it.skipIf(!analyze || !existsSync('/usr/bin/node'))('passes `systemd-analyze verify`', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-units-'));
    try {
      // The template is verified as an instance of it.
      const files = UNITS.map((unit) => {
        const file = path.join(dir, unit.replace('@.', '@3001.'));
        copyFileSync(path.join(deployDir, unit), file);
        return file;
      });
      // An unknown key is only a warning (exit 0): nothing may be said at all.
      const verify = spawnSync('systemd-analyze', ['verify', ...files], { encoding: 'utf8' });
      expect(verify.stderr + verify.stdout).toBe('');
      expect(verify.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
