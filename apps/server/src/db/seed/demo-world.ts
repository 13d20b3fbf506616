import { randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHAIR_IDS, type BrandRole, type Role } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { resolveMediaBinaries } from '../../media/binaries';
import { createAccountsService, createBrandTeamService } from '../../modules/accounts';
import { accountsPorts } from '../../modules/index';
import { createContestsService } from '../../modules/contests';
import { createApplicationsService } from '../../modules/applications';
import { seedApplicationConversation } from './demo-conversations';
import { CHAIR_CONTEST_ID, HBADA_BRAND_ID } from './chair-contest';
import {
  LUMORA,
  seedDemoDecisions,
  seedSignOffDecisions,
  seedDemoSeason,
  type DemoCast,
  type DemoMember,
} from './demo-season';
import { seedDemoRoundsContest } from './demo-rounds';
import { seedDemoVideos } from './demo-videos';
import { DEMO_VOTER_EMAIL, DEMO_VOTER_PASSWORD } from './demo-audience';

export const DEMO_STAFF_EMAIL = 'staff@demo.example.com';
export const DEMO_BRAND_EMAIL = 'hbada@demo.example.com';
export const DEMO_OTHER_BRAND_EMAIL = 'lumora@demo.example.com';
/** Invited to Hbada's team as a reviewer, not joined yet: the Team page's pending invitation. */
export const DEMO_INVITED_EMAIL = 'jo@demo.example.com';
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

export type DemoWorldDeps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'log' | 'tokens' | 'storage'>;

/**
 * Creators who applied to the chair contest, one per chair and more: Noor, Kenji and Lucía are
 * selected (the season decides them), the others stay pending.
 */
const DEMO_CREATORS = [
  { key: 'noor', first: 'Noor', last: 'Haddad', city: 'Austin', state: 'TX', chair: CHAIR_IDS.E3 },
  { key: 'kenji', first: 'Kenji', last: 'Watanabe', city: 'Portland', state: 'OR', chair: CHAIR_IDS.X7 },
  { key: 'lucia', first: 'Lucía', last: 'Ferreira', city: 'Denver', state: 'CO', chair: CHAIR_IDS.P2 },
  { key: 'sam', first: 'Sam', last: 'Okafor', city: 'Chicago', state: 'IL', chair: CHAIR_IDS.E3 },
  { key: 'ava', first: 'Ava', last: 'Brooks', city: 'Seattle', state: 'WA', chair: CHAIR_IDS.P2 },
  { key: 'diego', first: 'Diego', last: 'Ramos', city: 'Miami', state: 'FL', chair: CHAIR_IDS.X7 },
] as const;

/** Hbada's team besides its owner (issue 49): one member of each other role. */
const HBADA_TEAM: ReadonlyArray<{ key: string; first: string; last: string; role: BrandRole }> = [
  { key: 'mara', first: 'Mara', last: 'Lindqvist', role: 'manager' },
  { key: 'remy', first: 'Remy', last: 'Laurent', role: 'reviewer' },
  { key: 'vic', first: 'Vic', last: 'Moreno', role: 'viewer' },
];

/** What each demo account shows when signed in (the accounts file and the README say the same). */
const SEES: Record<string, string> = {
  staff:
    "Staff console: review queue, accounts, audit log, payouts (one paid, one pending); both contests' applications, entries, judging ranking and results.",
  hbada:
    'Owner of Hbada, brand of the running chair contest (id 1): its applications (pending, selected, shipped), entries with versions and an answered note, its judging sheet; the Team page (three members, one pending invitation); the sign-off contest (two approvals asked); conversations with Noor (one unread message).',
  mara: 'Manager of Hbada: edits contests, selects and ships; approved Sam’s cut in the sign-off contest.',
  remy: 'Reviewer of Hbada: notes, approvals and scores, no edits; asked Ava for changes in the sign-off contest.',
  vic: 'Viewer of Hbada: reads everything of the brand, changes nothing.',
  lumora:
    "Brand of the finished Lumora contest (published results) and of Lumora After Dark, a contest in rounds now in its pitch round; another company's brand for the chair contest.",
  noor: 'Selected creator, chair delivered: chair entry with two versions, an answered note and conversations with Hbada; won the finished contest (release approved, payee details, prize paid, scorecard).',
  kenji:
    'Selected creator, chair shipped: chair entry (one version); second in the finished contest (a talent release waiting for review, prize pending, scorecard).',
  lucia:
    'Selected creator, chair not shipped yet, nothing entered; entered the finished contest without a place (scorecard).',
  sam: 'Creator whose application to the chair contest is pending; in the sign-off contest, an entry with one of two approvals.',
  ava: 'Creator whose application to the chair contest is pending; in the sign-off contest, an entry the brand asked to change.',
  diego: 'Creator whose application to the chair contest is pending.',
  voter:
    'Voter (known password): voted in the finished contest’s audience award (closed, awarded); votes in any open one.',
};

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  /** What the account shows when signed in. */
  sees: string;
}

/** Whose passwords the log prints once: the people who run the demo (every one is in the file). */
const PRINTED_IN_LOG: Record<Role, boolean> = { staff: true, brand: true, creator: false, voter: false };

/** A password that passes the shared rules and is hard to guess. */
const generatePassword = () => `${randomBytes(12).toString('base64url')}-Demo7`;

/**
 * The people of the demo world, through the services: a staff account, an Hbada brand account
 * (brand 1), a Lumora brand (the finished contest's) and its account, and demo creators who
 * applied to the chair contest; then the decisions that need no video (seedDemoDecisions). Their
 * generated passwords, each with what the account shows, are written to
 * DATA_DIR/demo-accounts.txt (readable by the platform's user only) and returned with the cast the
 * season needs; run twice, it finds the staff account and returns null.
 */
export async function seedDemoAccounts(
  deps: DemoWorldDeps,
  seededAt = new Date(),
): Promise<{ accounts: DemoAccount[]; cast: DemoCast } | null> {
  const accounts = createAccountsService(deps, accountsPorts);
  const contests = createContestsService(deps);
  const applying = createApplicationsService(deps, { contests });
  const made: DemoAccount[] = [];
  const members: Record<string, DemoMember> = {};
  const create = async (
    key: string,
    role: Role,
    email: string,
    extra: { firstName: string; lastName: string; brandId?: number; brandRole?: BrandRole },
    password = generatePassword(),
  ) => {
    const { brandRole, ...details } = extra;
    const user = await accounts.createUser({ email, password, role, ...details });
    made.push({ role, email: user.email, password, sees: SEES[key] ?? '' });
    members[key] = {
      id: user.id,
      role,
      brandId: extra.brandId ?? null,
      brandRole: brandRole ?? null,
      email: user.email,
      name: `${extra.firstName} ${extra.lastName}`,
    };
    return members[key];
  };
  try {
    await create('staff', 'staff', DEMO_STAFF_EMAIL, { firstName: 'Demo', lastName: 'Staff' });
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return null;
    throw error;
  }
  await create('hbada', 'brand', DEMO_BRAND_EMAIL, {
    firstName: 'Hbada',
    lastName: 'Marketing',
    brandId: HBADA_BRAND_ID,
    brandRole: 'owner',
  });
  await seedHbadaTeam(deps, create, members.hbada!);
  const lumoraBrand = await contests.createBrand(LUMORA);
  await create('lumora', 'brand', DEMO_OTHER_BRAND_EMAIL, {
    firstName: 'Lumora',
    lastName: 'Marketing',
    brandId: lumoraBrand.id,
    brandRole: 'owner',
  });

  const chairApplications = new Map<number, number>();
  for (const person of DEMO_CREATORS) {
    const email = `${person.key}@demo.example.com`;
    const creator = await create(person.key, 'creator', email, {
      firstName: person.first,
      lastName: person.last,
    });
    const application = await applying.apply(String(CHAIR_CONTEST_ID), creator, {
      full_name: `${person.first} ${person.last}`,
      email: creator.email,
      phone_number: '',
      bio: `${person.first} shoots short product films with natural light.`,
      shipping_address: {
        line1: '100 Demo Street',
        line2: '',
        city: person.city,
        state: person.state,
        postal: '00000',
        country: 'US',
      },
      product_id: person.chair,
      terms_accepted: true,
      youtube_url: '',
      instagram_url: '',
      portfolio_url: '',
    });
    chairApplications.set(creator.id, application.id);
  }
  // The voter signs in with a known password (issue 50): anyone trying the gallery can.
  await create(
    'voter',
    'voter',
    DEMO_VOTER_EMAIL,
    { firstName: 'Demo', lastName: 'Voter' },
    DEMO_VOTER_PASSWORD,
  );
  const people = {
    staff: members.staff!,
    voter: members.voter!,
    hbada: members.hbada!,
    lumora: members.lumora!,
    lumoraBrandId: lumoraBrand.id,
    noor: members.noor!,
    kenji: members.kenji!,
    lucia: members.lucia!,
    mara: members.mara!,
    remy: members.remy!,
    sam: members.sam!,
    ava: members.ava!,
  };
  const finishedContestId = await seedDemoDecisions(deps, people, chairApplications, seededAt);
  await seedApplicationConversation(deps, people, chairApplications.get(people.noor.id)!);
  const signOffContestId = await seedSignOffDecisions(deps, people, seededAt);
  await seedDemoRoundsContest(deps, people, seededAt);

  const file = path.join(deps.config.DATA_DIR, DEMO_ACCOUNTS_FILE);
  const lines = made.map((a) => `${a.role.padEnd(8)} ${a.email}  ${a.password}\n         ${a.sees}`);
  await writeFile(
    file,
    `Demo accounts (sign in at ${deps.config.PUBLIC_URL}/login), each with what it shows\n\n${lines.join('\n')}\n`,
    { mode: 0o600 },
  );
  await chmod(file, 0o600);
  deps.log.info(
    `demo accounts (printed once; also in ${file}):\n${made
      .filter((a) => PRINTED_IN_LOG[a.role])
      .map((a) => `${a.role.padEnd(8)} ${a.email}  ${a.password}`)
      .join('\n')}`,
  );
  return { accounts: made, cast: { ...people, finishedContestId, signOffContestId } };
}

/**
 * Hbada's team (issue 49): a manager, a reviewer and a viewer (each made a brand account of Hbada,
 * then given its role by the owner through the team service), and a pending invitation.
 */
async function seedHbadaTeam(
  deps: DemoWorldDeps,
  create: (
    key: string,
    role: Role,
    email: string,
    extra: { firstName: string; lastName: string; brandId: number; brandRole: BrandRole },
  ) => Promise<DemoMember>,
  owner: DemoMember,
) {
  const team = createBrandTeamService(deps);
  for (const person of HBADA_TEAM) {
    const member = await create(person.key, 'brand', `${person.key}@demo.example.com`, {
      firstName: person.first,
      lastName: person.last,
      brandId: HBADA_BRAND_ID,
      brandRole: person.role,
    });
    await team.changeRole(owner, HBADA_BRAND_ID, member.id, person.role);
  }
  await team.invite(owner, HBADA_BRAND_ID, { email: DEMO_INVITED_EMAIL, role: 'reviewer' });
}

/**
 * The demo world's sample videos: six approved and two waiting for review, made with ffmpeg (slow:
 * run it after the server listens). Without ffmpeg it logs one line and makes none.
 */
export async function seedDemoWorldVideos(deps: DemoWorldDeps): Promise<number> {
  try {
    resolveMediaBinaries(deps.config);
  } catch {
    deps.log.info(
      'demo videos skipped: no ffmpeg found (set FFMPEG_PATH and FFPROBE_PATH or install ffmpeg)',
    );
    return 0;
  }
  return seedDemoVideos(deps);
}

/**
 * The whole demo world: its accounts, applications and decisions, then the season's entries,
 * judging, results and payouts (their clips made with ffmpeg), then the library's sample videos.
 */
export async function seedDemoWorld(
  deps: DemoWorldDeps,
  seededAt = new Date(),
): Promise<{ accounts: DemoAccount[] | null; videos: number }> {
  const people = await seedDemoAccounts(deps, seededAt);
  const entries = people ? await seedDemoSeason(deps, people.cast, seededAt) : 0;
  if (people) deps.log.info(`demo world: contests at every stage (${entries} entry clips made with ffmpeg)`);
  const videos = await seedDemoWorldVideos(deps);
  return { accounts: people?.accounts ?? null, videos: videos + entries };
}
