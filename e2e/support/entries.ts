import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { VideoRequirements } from '@app/domain';
import { namedClip } from '../../apps/server/test/ffmpeg-clip';
import { secondContest } from '../../apps/server/test/second-contest';
import { RELEASE_PDF } from '../../apps/server/test/paperwork-files';
import { apiLogin, createVerifiedUser, type E2EUser } from './accounts';
import { runAdmin } from './admin';
import { E2E_BASE_URL } from './env';

export interface EntryContest {
  id: number;
  title: string;
  /** Its brand's name: a brand user made with `company` set to it belongs to it. */
  brandName: string;
}

/** The brief most journeys enter against: a vertical MP4 or MOV of 10–30 s, no size rule. */
export const VERTICAL_BRIEF = {
  aspect_ratio: '9:16',
  min_seconds: 10,
  max_seconds: 30,
  min_width: null,
  min_height: null,
  containers: ['mp4', 'mov'],
  duration_tolerance_seconds: 0,
} as const satisfies Omit<VideoRequirements, 'delivery'>;

/**
 * A contest of its own brand with these video requirements, made with the admin CLI (without a
 * `delivery` spec, the default one: nothing blocks an entry).
 */
export async function createEntryContest(
  requirements: Omit<VideoRequirements, 'delivery'> & Partial<Pick<VideoRequirements, 'delivery'>>,
): Promise<EntryContest> {
  const suffix = randomUUID().slice(0, 6);
  const data = secondContest(suffix);
  data.contest.video_requirements = requirements;
  data.contest.requirements = ['9:16 vertical video', '10–30 seconds long', 'MP4 or MOV'];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-entry-contest-'));
  const file = path.join(dir, 'contest.json');
  writeFileSync(file, JSON.stringify(data));
  try {
    const stdout = await runAdmin(['create-contest', '--file', file]);
    const id = Number(/\(id (\d+)\) of brand/.exec(stdout)?.[1]);
    if (!id) throw new Error(`create-contest did not report an id: ${stdout}`);
    return { id, title: data.contest.title, brandName: data.brand.name };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs in through the API and returns a fetch for the public API as that user. */
export async function apiAs(user: Pick<E2EUser, 'email' | 'password'>) {
  const { access } = await apiLogin(user);
  return async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${E2E_BASE_URL}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${access}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/** The creator applies to the contest for its first product through the API (201, or it throws). */
export async function applyAs(contestId: number, creator: E2EUser, fullName: string): Promise<void> {
  const asCreator = await apiAs(creator);
  const contest = await asCreator<{ products: Array<{ id: number }> }>('GET', `/contests/${contestId}/`);
  if (contest.status !== 200) throw new Error(`the contest ${contestId} answered ${contest.status}`);
  const applied = await asCreator('POST', `/contests/${contestId}/apply/`, {
    full_name: fullName,
    email: creator.email,
    phone_number: '+15551234567',
    bio: 'Films at night.',
    shipping_address: {
      line1: '1 Main St',
      line2: '',
      city: 'Town',
      state: 'ST',
      postal: '12345',
      country: 'US',
    },
    product_id: contest.body.products[0]!.id,
    terms_accepted: true,
    youtube_url: '',
    instagram_url: '',
    portfolio_url: '',
  });
  if (applied.status !== 201)
    throw new Error(`apply answered ${applied.status}: ${JSON.stringify(applied.body)}`);
}

/**
 * The creator applies to the contest (POST /api/contests/{id}/apply/, its first product) and the
 * selector — staff or a user of the contest's brand — selects them through the real endpoint
 * (POST /api/applications/{id}/select/), finding the application in GET /api/contests/{id}/applications/.
 */
export async function selectApplicant(
  contestId: number,
  creator: E2EUser,
  selector: Pick<E2EUser, 'email' | 'password'>,
): Promise<void> {
  await applyAs(contestId, creator, 'Selected Creator');
  const asSelector = await apiAs(selector);
  const list = await asSelector<{ results: Array<{ id: number; creator_id: number }> }>(
    'GET',
    `/contests/${contestId}/applications/?status=pending`,
  );
  const application = list.body.results.find((a) => a.creator_id === creator.id);
  if (!application) throw new Error(`no pending application of user ${creator.id} in contest ${contestId}`);
  const selected = await asSelector('POST', `/applications/${application.id}/select/`, { note: '' });
  if (selected.status !== 200)
    throw new Error(`select answered ${selected.status}: ${JSON.stringify(selected.body)}`);
}

/** Uploads a clip from the Submit Video page's dialog; the page then submits it to the contest. */
export async function uploadOnSubmitPage(page: Page, contestId: number, clip: string, title: string) {
  await page.goto(`/contests/${contestId}/submit`);
  await page.getByRole('button', { name: 'Upload a video' }).click();
  const dialog = page.getByRole('dialog', { name: /Upload Video/ });
  await dialog.getByLabel('Video file').setInputFiles(clip);
  // The same check as the server's, in the browser, before anything is sent.
  await expect(dialog.getByText('This file meets the contest brief')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Upload' }).click();
}

/** A vertical clip of `seconds` (a moving test pattern, small and quick to process), named `<name>.mp4`. */
export function makeVerticalClip(name: string, seconds: number): string {
  return namedClip(`${name}.mp4`, [
    ...['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=180x320:rate=10`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
  ]);
}

/**
 * The winner's paperwork through the API (issue 31): a music release filed and approved by staff,
 * and the winner's payee details. Throws unless every step succeeds.
 */
export async function completePaperwork(entryId: number, winner: E2EUser, staff: E2EUser): Promise<void> {
  const { access } = await apiLogin(winner);
  const form = new FormData();
  form.set('kind', 'music');
  form.set(
    'file',
    new Blob([new Uint8Array(RELEASE_PDF)], { type: 'application/pdf' }),
    'music-declaration.pdf',
  );
  const filed = await fetch(`${E2E_BASE_URL}/api/entries/${entryId}/releases/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  if (filed.status !== 201) throw new Error(`release refused: ${filed.status} ${await filed.text()}`);
  const { id } = (await filed.json()) as { id: number };
  const approved = await (await apiAs(staff))('POST', `/releases/${id}/approve/`);
  if (approved.status !== 200) throw new Error(`approval refused: ${approved.status}`);
  const payee = await (
    await apiAs(winner)
  )('PUT', '/accounts/creators/payee/', {
    legal_name: 'Ines Moreau',
    country: 'FR',
    address: '4 rue des Lilas, 69003 Lyon, France',
    tax_form: 'W-8BEN',
    tax_id: 'FR-88-2041-77',
  });
  if (payee.status !== 200) throw new Error(`payee refused: ${payee.status}`);
}

/**
 * The creator uploads `clip` (POST /api/videos/upload/) and submits it to the contest (POST
 * /api/contests/{id}/entries/), then waits until the entry is in review; the entry's id.
 */
export async function submitEntryThroughApi(
  contestId: number,
  creator: E2EUser,
  clip: string,
  title: string,
): Promise<number> {
  const { access } = await apiLogin(creator);
  const form = new FormData();
  form.set('title', title);
  form.set(
    'video',
    new Blob([new Uint8Array(readFileSync(clip))], { type: 'video/mp4' }),
    path.basename(clip),
  );
  const uploaded = await fetch(`${E2E_BASE_URL}/api/videos/upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload refused: ${uploaded.status} ${await uploaded.text()}`);
  const video = (await uploaded.json()) as { id: number };
  const asCreator = await apiAs(creator);
  const entry = await asCreator<{ id: number }>('POST', `/contests/${contestId}/entries/`, {
    video_id: video.id,
    confirm_warnings: true,
  });
  if (entry.status !== 201)
    throw new Error(`submission refused: ${entry.status} ${JSON.stringify(entry.body)}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const now = await asCreator<{ status: string }>('GET', `/entries/${entry.body.id}/`);
    if (now.body.status === 'in_review') return entry.body.id;
    if (Date.now() > deadline) throw new Error(`entry ${entry.body.id} stayed ${now.body.status}`);
    // Processing runs in the server's background: nothing to wait on but the entry's status.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Staff close submissions, open judging now and publish results with `entryId` in first place
 * (PATCH /api/contests/{id}/, POST /api/contests/{id}/results/). Throws unless each step succeeds.
 */
export async function publishWinner(contestId: number, entryId: number, staff: E2EUser): Promise<void> {
  const asStaff = await apiAs(staff);
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const moved = await asStaff('PATCH', `/contests/${contestId}/`, {
    starts_at: at(-180),
    application_deadline: at(-120),
    submission_deadline: at(-1),
    judging_starts_at: at(-1),
    judging_ends_at: at(120),
    winners_at: at(180),
  });
  if (moved.status !== 200)
    throw new Error(`moving the dates answered ${moved.status}: ${JSON.stringify(moved.body)}`);
  const published = await asStaff('POST', `/contests/${contestId}/results/`, {
    places: [{ entry_id: entryId, place: 1, prize_cents: 100_000 }],
  });
  if (published.status !== 201)
    throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body)}`);
}

/** A placed winner (issues 31, 51): the contest, its people, the winning clip and the entry. */
export interface PlacedWinner {
  contest: EntryContest;
  winner: E2EUser;
  brand: E2EUser;
  staff: E2EUser;
  /** The submitted file: the entry's master. */
  clip: string;
  entryId: number;
}

/**
 * A 9:16 contest of its own brand (an owner of it, staff), whose creator Ada Reel entered a
 * 12-second clip titled `title` and won first place: the results are published.
 */
export async function placedWinner(title: string): Promise<PlacedWinner> {
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const winner = await createVerifiedUser({ role: 'creator', firstName: 'Ada', lastName: 'Reel' });
  const brand = await createVerifiedUser({ role: 'brand', company: contest.brandName });
  const staff = await createVerifiedUser({ role: 'staff' });
  await selectApplicant(contest.id, winner, brand);
  const clip = makeVerticalClip(title, 12);
  const entryId = await submitEntryThroughApi(contest.id, winner, clip, title);
  await publishWinner(contest.id, entryId, staff);
  return { contest, winner, brand, staff, clip, entryId };
}
