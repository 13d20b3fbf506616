import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createBrandBodySchema, createContestBodySchema } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { createContestsService } from '../../modules/contests';

export const usage = 'create-contest --file CONTEST.json   ({"brand": {...}, "contest": {...}}; see docs)';

/** The file: a new brand and its contest (the contest's brand_id is the new brand's). */
const contestFileSchema = z.object({
  brand: createBrandBodySchema,
  contest: createContestBodySchema.omit({ brand_id: true }),
});

/**
 * Creates a brand and a contest with its products from a JSON file, through the contests service:
 * how a contest is added until brands have a console.
 */
export async function createContest(
  deps: Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage'>,
  argv: string[],
): Promise<string> {
  const { values } = parseArgs({ args: argv, options: { file: { type: 'string' } } });
  if (!values.file) throw new Error(`--file is required. Usage: ${usage}`);
  const parsed = contestFileSchema.safeParse(JSON.parse(readFileSync(values.file, 'utf8')));
  if (!parsed.success) throw new Error(`${values.file}: ${z.prettifyError(parsed.error)}`);
  const service = createContestsService(deps);
  try {
    const brand = await service.createBrand(parsed.data.brand);
    const contest = await service.createContest({ ...parsed.data.contest, brand_id: brand.id });
    return `Created contest ${contest.slug} (id ${contest.id}) of brand ${brand.slug} (id ${brand.id}) with products ${contest.products.map((p) => `${p.code} (id ${p.id})`).join(', ')}.`;
  } catch (error) {
    if (error instanceof AppError) {
      throw new Error(`${error.message} ${JSON.stringify(error.fields)}`, { cause: error });
    }
    throw error;
  }
}
