import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secondContest } from '../../apps/server/test/second-contest';
import { runAdmin } from './admin';

export interface E2EContest {
  id: number;
  slug: string;
  title: string;
  products: Array<{ id: number; code: string; name: string; features: string[] }>;
}

/**
 * Creates a second brand with its own contest, products, stock and requirements through the
 * contests service, with the admin CLI (`create-contest --file`) exactly as an operator would; it
 * reaches the running e2e server's embedded database through its socket.
 */
export async function createSecondContest(): Promise<E2EContest> {
  const suffix = randomUUID().slice(0, 6);
  const data = secondContest(suffix);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-contest-'));
  const file = path.join(dir, 'contest.json');
  writeFileSync(file, JSON.stringify(data));
  try {
    const stdout = await runAdmin(['create-contest', '--file', file]);
    const id = Number(/\(id (\d+)\) of brand/.exec(stdout)?.[1]);
    if (!id) throw new Error(`create-contest did not report an id: ${stdout}`);
    const products = [...stdout.matchAll(/(\w+) \(id (\d+)\)/g)]
      .map(([, code, productId]) => ({ code: code!, id: Number(productId) }))
      .filter((p) => data.contest.products.some((q) => q.code === p.code));
    return {
      id,
      slug: data.contest.slug,
      title: data.contest.title,
      products: products.map((p) => {
        const record = data.contest.products.find((q) => q.code === p.code)!;
        return { ...p, name: record.name, features: record.features ?? [] };
      }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
