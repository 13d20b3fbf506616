import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../lib/server-dir';
import { envSchema, loadConfig } from './env';

const lines = readFileSync(path.join(SERVER_DIR, '../../deploy/env.example'), 'utf8').split('\n');
/** A setting's line, on (`NAME=value`) or off (`#NAME=value`); prose comments start with `# `. */
const SETTING = /^#?([A-Z][A-Z0-9_]*)=(.*)$/;
const settings = lines.flatMap((line, index) => {
  const [, name, value] = SETTING.exec(line) ?? [];
  return name ? [{ name, value: value!, index }] : [];
});

/** The file a deploy copies to /etc/cinematic/env stays complete as settings are added. */
describe('deploy/env.example', () => {
  it('names every variable the configuration knows, each once, and no other', () => {
    expect(settings.map((setting) => setting.name).sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('says what each one is for, in a comment just above it', () => {
    const uncommented = settings.filter(({ index }) => !lines[index - 1]?.startsWith('# '));
    expect(uncommented.map((setting) => setting.name)).toEqual([]);
  });

  it('shows values the configuration accepts, the examples of the ones switched off too', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-env-example-'));
    try {
      // As systemd reads the file: quotes around a value are taken off.
      const env = Object.fromEntries(
        settings.map(({ name, value }) => [name, value.replace(/^"(.*)"$/, '$1')]),
      );
      expect(() => loadConfig({ ...env, DATA_DIR: dataDir })).not.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
