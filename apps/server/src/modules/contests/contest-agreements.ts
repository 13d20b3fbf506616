import { createHash } from 'node:crypto';
import {
  AGREEMENT_MESSAGES,
  defaultAgreementText,
  MESSAGES,
  type AgreementAcceptance,
  type AgreementChanged,
  type AgreementResponse,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { AgreementContext } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import * as agreements from './agreements.repository';
import type { AgreementRow } from './agreements.repository';
import { parseContestRef, type ContestAccess } from './contest-access';
import { acceptsAgreements, assertCanEditAgreement, canSeeContest } from './contests.policy';
import * as repo from './contests.repository';
import type { Caller } from '../../plugins/auth';

/** The hex SHA-256 of a text's UTF-8 bytes (what an agreement version is known by). */
export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Version 1 as the contest's fields write it today. */
function defaultVersion(row: repo.ContestRow): AgreementRow {
  const text = defaultAgreementText({
    title: row.title,
    brandName: row.brand.name,
    timezone: row.timezone,
    submissionDeadline: row.submissionDeadline.toISOString(),
    winnersAt: row.winnersAt.toISOString(),
  });
  return { version: 1, text, sha256: sha256Of(text) };
}

/**
 * A contest's current agreement. Nothing is stored until it matters: a draft that staff have not
 * edited shows the default text of its fields as they are now; the first read of a published
 * contest (or an acceptance, or a save) stores that text as version 1, which from then on never
 * changes (one way for old contests, the seeded ones and new ones alike).
 */
async function currentAgreement(
  db: DbOrTx,
  row: repo.ContestRow,
  options: { store: boolean },
): Promise<AgreementRow> {
  const stored = await agreements.latestAgreement(db, row.id);
  if (stored) return stored;
  const first = defaultVersion(row);
  if (!options.store) return first;
  await agreements.insertAgreementIfAbsent(db, { ...first, contestId: row.id, createdBy: null });
  // Another first read may have stored it (or staff a text) in between: read what stands.
  return (await agreements.latestAgreement(db, row.id))!;
}

const present = (acceptance: { version: number; sha256: string; acceptedAt: Date } | undefined) =>
  acceptance
    ? {
        version: acceptance.version,
        sha256: acceptance.sha256,
        accepted_at: acceptance.acceptedAt.toISOString(),
      }
    : null;

/**
 * A creator's latest acceptance of a contest's agreement, or null: the version, its SHA-256 and
 * when it was accepted. What the licence certificate names (other modules ask this, never the
 * table).
 */
export async function acceptedAgreement(
  db: DbOrTx,
  { contestId, userId }: { contestId: number; userId: number },
): Promise<AgreementAcceptance | null> {
  return present(await agreements.latestAcceptance(db, contestId, userId));
}

/**
 * Records, inside the caller's transaction (the application's or the entry version's), that a
 * creator accepted the contest's current agreement. `sha256` is the text the creator saw: when it
 * is not the current version's, nothing is recorded and the whole transaction fails with 409
 * `agreement_changed`, carrying the current version. Without `sha256` (an API client that does
 * not send it) the current version is the one accepted.
 */
export async function recordAgreementAcceptance(
  tx: DbOrTx,
  input: {
    contestId: number;
    userId: number;
    sha256: string | undefined;
    clientIp: string;
    context: AgreementContext;
    refId: number;
  },
): Promise<void> {
  // Waits for a save in flight, so the check below sees the version it wrote.
  await agreements.lockContest(tx, input.contestId, 'key share');
  const row = await repo.findContest(tx, input.contestId);
  if (!row) throw new AppError('not_found', MESSAGES.generic.notFound);
  const current = await currentAgreement(tx, row, { store: true });
  if (input.sha256 !== undefined && input.sha256 !== current.sha256) throw agreementChanged(current);
  await agreements.insertAcceptance(tx, {
    userId: input.userId,
    contestId: input.contestId,
    version: current.version,
    sha256: current.sha256,
    clientIp: input.clientIp,
    context: input.context,
    refId: input.refId,
  });
}

function agreementChanged(current: AgreementRow): AppError {
  const extra: AgreementChanged = { current: { version: current.version, sha256: current.sha256 } };
  return new AppError('agreement_changed', AGREEMENT_MESSAGES.changed, {}, {}, { ...extra });
}

/** Reading and editing a contest's agreement. */
export function contestAgreements({ db, managedRecord }: ContestAccess) {
  /** The contest the caller may read (a draft: staff and its brand), else 404. */
  async function readableContest(ref: string, user: Caller | undefined) {
    const row = await repo.findContest(db, parseContestRef(ref));
    const actor = user;
    if (!row || (row.publicationStatus === 'draft' && !canSeeContest(actor, row))) {
      throw new AppError('not_found', MESSAGES.generic.notFound);
    }
    return { row, actor };
  }

  /**
   * A contest's agreement (the current version, or `version`), with a signed-in creator's
   * latest acceptance. Public for published contests; a draft's for staff and its brand.
   */
  async function getAgreement(
    ref: string,
    user: Caller | undefined,
    version?: number,
  ): Promise<AgreementResponse> {
    const { row, actor } = await readableContest(ref, user);
    // An older version asked for is looked up first: an unknown one is a 404 that stores nothing.
    const asked = version === undefined ? undefined : await agreements.agreementVersion(db, row.id, version);
    if (version !== undefined && !asked && version !== 1) {
      throw new AppError('not_found', AGREEMENT_MESSAGES.versionUnknown);
    }
    const current = await currentAgreement(db, row, { store: row.publicationStatus !== 'draft' });
    // Nothing stored and version 1 asked: the current text is version 1.
    const shown = asked ?? current;
    const accepted =
      actor && acceptsAgreements(actor)
        ? present(await agreements.latestAcceptance(db, row.id, actor.id))
        : null;
    return {
      version: shown.version,
      sha256: shown.sha256,
      text: shown.text,
      current_version: current.version,
      accepted,
    };
  }

  return {
    getAgreement,

    /**
     * Staff save a contest's agreement text: a draft's version 1 is replaced in place; a
     * published (or archived) contest gets version n+1, which entrants accept before their next
     * application or submission. The same text as the current version changes nothing. Audited.
     */
    async updateAgreement(ref: string, user: Caller, text: string): Promise<AgreementResponse> {
      const { actor, row } = await managedRecord(ref, user);
      assertCanEditAgreement(actor);
      const sha256 = sha256Of(text);
      await db.transaction(async (tx) => {
        const status = (await agreements.lockContest(tx, row.id, 'update'))!.publicationStatus;
        const before = await currentAgreement(tx, row, { store: status !== 'draft' });
        if (before.sha256 === sha256) return;
        // A draft's version 1 is replaced in place (once stored); a published contest gets n+1.
        const inPlace = status === 'draft' && (await agreements.latestAgreement(tx, row.id)) !== undefined;
        const version = status === 'draft' ? 1 : before.version + 1;
        const saved = { text, sha256, createdBy: actor.id };
        if (inPlace) await agreements.replaceAgreementVersion(tx, row.id, version, saved);
        else await agreements.insertAgreementIfAbsent(tx, { contestId: row.id, version, ...saved });
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'contest.agreement_update',
          targetType: 'contest',
          targetId: row.id,
          before: { version: before.version, sha256: before.sha256 },
          after: { version, sha256, in_place: status === 'draft' },
        });
      });
      return getAgreement(String(row.id), actor);
    },
  };
}
