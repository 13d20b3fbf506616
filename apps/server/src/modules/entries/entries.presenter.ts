import {
  ENTRY_STATUSES,
  type Entry,
  type EntryCheck,
  type EntryEvent,
  type EntryNote,
  type EntryStatus,
  type EntrySummary,
  type EntryVersion,
  type EntryVideo,
  type ReleaseCounts,
  type Role,
} from '@app/domain';
import type { ContestFacts } from '../contests';
import type { EntryRecord, NoteRecord, VersionRow } from './entries.repository';

/** An entry with what its contest and its entrant own that it shows (entry-context.ts joins them). */
export type EntryRow = EntryRecord & {
  contestTitle: ContestFacts['title'];
  contestBrandId: ContestFacts['brandId'];
  submissionDeadline: ContestFacts['submissionDeadline'];
  timezone: ContestFacts['timezone'];
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorEmail: string;
};

/** A note with its author's name and role (null once the account is gone). */
export type NoteRow = NoteRecord & {
  authorFirstName: string | null;
  authorLastName: string | null;
  authorRole: Role | null;
};

export interface NoteCounts {
  total: number;
  open: number;
}

const asStatus = (value: string): EntryStatus =>
  (ENTRY_STATUSES as readonly string[]).includes(value) ? (value as EntryStatus) : 'uploaded';

/** A version's checks as stored (jsonb orders an object's keys its own way), in the schema's order. */
function toEntryChecks(checks: EntryCheck[]): EntryCheck[] {
  return checks.map(({ rule, ok, severity, message }) => ({ rule, ok, severity, message }));
}

export function fullName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim();
}

export function toEntryVersion(row: VersionRow, video: EntryVideo | null): EntryVersion {
  return {
    version: row.version,
    video,
    title: row.title,
    text: row.text,
    checks: toEntryChecks(row.checks),
    warnings_confirmed_at: row.warningsConfirmedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the entry's other owners tell of it: its releases' state and its published place. */
export interface EntryStanding {
  releases: ReleaseCounts | undefined;
  place: number | null;
}

export function toEntrySummary(
  row: EntryRow,
  latest: EntryVersion,
  counts: NoteCounts = { total: 0, open: 0 },
  standing?: EntryStanding,
): EntrySummary {
  return {
    id: row.id,
    contest_id: row.contestId,
    contest_title: row.contestTitle,
    round_id: row.roundId,
    wildcard: row.wildcard,
    creator: { id: row.userId, name: fullName(row.creatorFirstName, row.creatorLastName) || 'Creator' },
    status: asStatus(row.status),
    version: latest.version,
    video: latest.video,
    title: latest.title ?? null,
    text: latest.text ?? null,
    checks: latest.checks,
    notes_count: counts.total,
    open_notes_count: counts.open,
    releases: standing?.releases,
    place: standing?.place,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toEntryNote(row: NoteRow): EntryNote {
  return {
    id: row.id,
    version: row.version,
    at_seconds: row.atSeconds,
    text: row.text,
    author: {
      id: row.authorId,
      name: fullName(row.authorFirstName, row.authorLastName) || authorLabel(row.authorRole),
      role: row.authorRole ?? 'unknown',
    },
    parent_id: row.parentId,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A note's author without a name, by role; an account that is gone is a former user. */
const AUTHOR_LABELS: Record<Role, string> = {
  staff: 'Contest team',
  brand: 'Brand',
  creator: 'Creator',
  voter: 'Voter',
};

function authorLabel(role: Role | null): string {
  return role ? AUTHOR_LABELS[role] : 'Former user';
}

export function toEntryEvent(row: {
  step: string;
  version: number | null;
  detail: string;
  createdAt: Date;
}): EntryEvent {
  return {
    step: asStatus(row.step),
    version: row.version,
    detail: row.detail,
    at: row.createdAt.toISOString(),
  };
}

export function toEntry(
  row: EntryRow,
  versions: EntryVersion[],
  notes: EntryNote[],
  timeline: EntryEvent[],
  standing?: EntryStanding,
): Entry {
  const latest = versions[versions.length - 1]!;
  let total = 0;
  let open = 0;
  for (const note of notes) {
    if (note.parent_id !== null) continue;
    total += 1;
    if (note.resolved_at === null) open += 1;
  }
  // The summary's object is the entry's (the rest of its fields follow in the schema's order).
  return Object.assign(toEntrySummary(row, latest, { total, open }, standing), {
    submission_deadline: row.submissionDeadline.toISOString(),
    timezone: row.timezone,
    versions,
    notes,
    timeline,
  });
}
