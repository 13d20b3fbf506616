import {
  CONTEST_ADMIN_MESSAGES,
  createBrandBodySchema,
  updateContestBodySchema,
  type ContestResponse,
  type CreateBrandBody,
  type CreateContestBody,
  type CreateContestData,
  type UpdateContestBody,
  type UpdateProductBody,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ContestAccess } from './contest-access';
import {
  auditView,
  changedFields,
  checkContestBody,
  recordToBody,
  recordToColumns,
  validationError,
  type CheckedContest,
} from './contest-body';
import { assertCanCreateFor, assertCanEdit, assertCanPublish, createsDrafts } from './contests.policy';
import { roundsFollowContest, storeFirstRound } from './contest-rounds';
import type { ContestsPorts } from './contests.ports';
import * as repo from './contests.repository';
import { recordAudit } from '../audit';
import { insertBrand } from '../accounts';
import type { Caller } from '../../plugins/auth';

/**
 * Brand ids the original product answered for the same catalogue: its data listed the chairs under
 * brand 1 and brand 4 (spec §7). Both keep working and read the same rows (docs/spec-decisions.md),
 * and no new brand is ever given an alias id.
 */
export const BRAND_ALIASES: Record<number, number> = { 4: 1 };
const HIGHEST_ALIAS_ID = Math.max(...Object.keys(BRAND_ALIASES).map(Number));

/** Creating brands and contests, editing a contest, publishing and archiving it; audited. */
export function contestEditing({ db, getContest, managedRecord }: ContestAccess) {
  async function createBrand(body: CreateBrandBody, options: { id?: number } = {}) {
    const brand = createBrandBodySchema.parse(body);
    return db.transaction(async (tx) => {
      // Ids up to the highest alias are never handed out by the sequence.
      return insertBrand(
        tx,
        {
          ...(options.id ? { id: options.id } : {}),
          name: brand.name,
          slug: brand.slug,
          description: brand.description,
          logoUrl: brand.logo_url,
          website: brand.website,
        },
        HIGHEST_ALIAS_ID,
      );
    });
  }

  async function createContest(
    body: CreateContestBody,
    options: { id?: number; productIds?: number[]; actor?: Caller } = {},
  ): Promise<ContestResponse> {
    const actor = options.actor;
    if (actor) assertCanCreateFor(actor, (body as { brand_id?: unknown }).brand_id);
    const { contest, columns } = await checkContestBody(db, body);
    const id = await db.transaction(async (tx) => {
      const contestId = await repo.insertContest(tx, {
        ...(options.id ? { id: options.id } : {}),
        ...columns,
        publicationStatus: createsDrafts(actor) ? 'draft' : 'published',
        createdBy: actor?.id ?? null,
      });
      const links: repo.NewContestProduct[] = [];
      for (const [position, product] of contest.products.entries()) {
        const productId = await repo.insertProduct(tx, {
          ...(options.productIds?.[position] ? { id: options.productIds[position] } : {}),
          brandId: contest.brand_id,
          code: product.code,
          name: product.name,
          description: product.description,
          concept: product.concept,
          features: product.features,
          imageUrl: product.image_url,
          stockQuantity: product.stock_quantity,
        });
        links.push({ contestId, productId, position, fallbackStatus: product.fallback_status });
      }
      await repo.insertContestProducts(tx, links);
      await storeFirstRound(tx, contestId, columns);
      if (options.id) await repo.advanceIdentity(tx, 'contests');
      if (options.productIds?.length) await repo.advanceIdentity(tx, 'products');
      if (actor) {
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'contest.create',
          targetType: 'contest',
          targetId: contestId,
          after: { ...auditView(columns), products: contest.products },
        });
      }
      return contestId;
    });
    return getContest(String(id), actor);
  }

  /** Staff and a brand's users edit a contest: any field of the create body; audited. */
  async function updateContest(
    ref: string,
    user: Caller,
    patch: UpdateContestBody,
    ports: Pick<ContestsPorts, 'productsWithApplications'>,
  ): Promise<ContestResponse> {
    const { actor, row } = await managedRecord(ref, user);
    assertCanEdit(actor, row);
    const parsedPatch = updateContestBodySchema.safeParse(patch);
    if (!parsedPatch.success) throw validationError(parsedPatch.error.issues);
    const changes = parsedPatch.data;
    if (changes.brand_id !== undefined) assertCanCreateFor(actor, changes.brand_id);
    const record = (await repo.findContestRecord(db, row.id))!;
    const current = await repo.listProductsOfContests(db, [row.id]);
    const base = recordToBody(record, current);
    const productPatch = changes.products as UpdateProductBody[] | undefined;
    const { contest, columns } = await checkContestBody(db, mergeEdit(base, changes, current), row.id);

    await db.transaction(async (tx) => {
      await repo.updateContest(tx, row.id, columns);
      if (movesRounds(record, columns)) await roundsFollowContest(tx, record, columns);
      if (productPatch) await saveProducts(tx, row.id, { contest, productPatch, current }, ports);
      const before = { ...auditView(recordToColumns(record)), products: base.products };
      const after = { ...auditView(columns), products: contest.products };
      const diff = changedFields(before, after);
      await recordAudit(tx, {
        actor: { userId: actor.id },
        action: 'contest.update',
        targetType: 'contest',
        targetId: row.id,
        before: diff.before,
        after: diff.after,
      });
    });
    return getContest(String(row.id), actor);
  }

  /** Staff publish a draft, or archive a contest (it leaves the public lists); audited. */
  async function setPublication(
    ref: string,
    user: Caller,
    status: 'published' | 'archived',
  ): Promise<ContestResponse> {
    const { actor, row } = await managedRecord(ref, user);
    assertCanPublish(actor);
    if (row.publicationStatus !== status) {
      await db.transaction(async (tx) => {
        await repo.updateContest(tx, row.id, { publicationStatus: status });
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: status === 'published' ? 'contest.publish' : 'contest.archive',
          targetType: 'contest',
          targetId: row.id,
          before: { publication_status: row.publicationStatus },
          after: { publication_status: status },
        });
      });
    }
    return getContest(String(row.id), actor);
  }

  return { createBrand, createContest, updateContest, setPublication };
}

/** Whether an edit changes what the contest's last round shares with it (issue 47). */
function movesRounds(
  before: repo.ContestRecord,
  after: Pick<repo.ContestRecord, 'startsAt' | 'submissionDeadline' | 'judgingEndsAt' | 'rubric'>,
): boolean {
  return (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.submissionDeadline.getTime() !== after.submissionDeadline.getTime() ||
    before.judgingEndsAt.getTime() !== after.judgingEndsAt.getTime() ||
    JSON.stringify(before.rubric) !== JSON.stringify(after.rubric)
  );
}

/**
 * An edit merged onto the stored contest (`base`): the fields given replace the stored ones, and
 * a product list given replaces the contest's (each product named by id must be one of its own).
 */
function mergeEdit(
  base: CreateContestData,
  changes: UpdateContestBody,
  current: repo.ContestProductRow[],
): unknown {
  const productPatch = changes.products as UpdateProductBody[] | undefined;
  const currentById = new Map(current.map((p) => [p.id, p]));
  for (const product of productPatch ?? []) {
    if (product.id !== undefined && !currentById.has(product.id)) {
      throw AppError.validation({ products: [CONTEST_ADMIN_MESSAGES.productUnknown] });
    }
  }
  return {
    ...base,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    // A prize given either way replaces the stored one.
    ...(changes.prize !== undefined && changes.prize_cents === undefined ? { prize_cents: undefined } : {}),
    products: productPatch
      ? productPatch.map((p) => ({
          ...p,
          // An existing product's stock changes only through the stock call.
          stock_quantity: p.id !== undefined ? currentById.get(p.id)!.stockQuantity : p.stock_quantity,
        }))
      : base.products,
  };
}

/**
 * Stores an edit's product list: products left out are unlinked (refused when someone applied for
 * one), those named by id are updated in their new place, new ones are created with their stock.
 */
async function saveProducts(
  tx: DbOrTx,
  contestId: number,
  edit: { contest: CheckedContest; productPatch: UpdateProductBody[]; current: repo.ContestProductRow[] },
  ports: Pick<ContestsPorts, 'productsWithApplications'>,
): Promise<void> {
  const { contest, productPatch, current } = edit;
  const kept = productPatch.flatMap((p) => (p.id !== undefined ? [p.id] : []));
  const removed = current.map((p) => p.id).filter((id) => !kept.includes(id));
  if ((await ports.productsWithApplications(tx, removed)).length) {
    throw AppError.validation({ products: [CONTEST_ADMIN_MESSAGES.productHasApplications] });
  }
  await repo.removeContestProducts(tx, contestId, kept);
  const links: repo.NewContestProduct[] = [];
  for (const [position, product] of contest.products.entries()) {
    const id = productPatch[position]!.id;
    const values = {
      code: product.code,
      name: product.name,
      description: product.description,
      concept: product.concept,
      features: product.features,
      imageUrl: product.image_url,
    };
    if (id !== undefined) {
      await repo.updateProduct(tx, id, values);
      await repo.updateContestProduct(tx, contestId, id, {
        position,
        fallbackStatus: product.fallback_status,
      });
    } else {
      const productId = await repo.insertProduct(tx, {
        ...values,
        brandId: contest.brand_id,
        stockQuantity: product.stock_quantity,
      });
      links.push({ contestId, productId, position, fallbackStatus: product.fallback_status });
    }
  }
  await repo.insertContestProducts(tx, links);
}
