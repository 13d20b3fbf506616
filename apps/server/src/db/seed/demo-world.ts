import { randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CHAIR_IDS, type Role } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { resolveMediaBinaries } from '../../media/binaries';
import { createAccountsService } from '../../modules/accounts/accounts.service';
import { createContestsService } from '../../modules/contests/contests.service';
import { CHAIR_CONTEST_ID, HBADA_BRAND_ID } from './chair-contest';
import { seedDemoVideos } from './demo-videos';

export const DEMO_STAFF_EMAIL = 'staff@demo.example.com';
export const DEMO_BRAND_EMAIL = 'hbada@demo.example.com';
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

export type DemoWorldDeps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'log' | 'tokens' | 'storage'>;

/** Creators who applied to the chair contest, one per chair and one more. */
const DEMO_CREATORS = [
  { first: 'Noor', last: 'Haddad', city: 'Austin', state: 'TX', chair: CHAIR_IDS.E3 },
  { first: 'Kenji', last: 'Watanabe', city: 'Portland', state: 'OR', chair: CHAIR_IDS.X7 },
  { first: 'Lucía', last: 'Ferreira', city: 'Denver', state: 'CO', chair: CHAIR_IDS.P2 },
  { first: 'Sam', last: 'Okafor', city: 'Chicago', state: 'IL', chair: CHAIR_IDS.E3 },
];

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

/** A password that passes the shared rules and is hard to guess. */
const generatePassword = () => `${randomBytes(12).toString('base64url')}-Demo7`;

/**
 * The people of the demo world, through the services: a staff account, an Hbada brand account
 * (brand 1), and demo creators who applied to the chair contest. Their generated passwords are
 * written to DATA_DIR/demo-accounts.txt (readable by the platform's user only) and returned; run
 * twice, it finds the staff account and returns null.
 */
export async function seedDemoAccounts(deps: DemoWorldDeps): Promise<DemoAccount[] | null> {
  const accounts = createAccountsService(deps);
  const contests = createContestsService(deps);
  const made: DemoAccount[] = [];
  const create = async (role: Role, email: string, extra: { firstName: string; lastName: string }) => {
    const password = generatePassword();
    const user = await accounts.createUser({
      email,
      password,
      role,
      ...extra,
      ...(role === 'brand' ? { brandId: HBADA_BRAND_ID } : {}),
    });
    return { ...user, password };
  };
  try {
    const staff = await create('staff', DEMO_STAFF_EMAIL, { firstName: 'Demo', lastName: 'Staff' });
    made.push({ role: 'staff', email: staff.email, password: staff.password });
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return null;
    throw error;
  }
  const brand = await create('brand', DEMO_BRAND_EMAIL, { firstName: 'Hbada', lastName: 'Marketing' });
  made.push({ role: 'brand', email: brand.email, password: brand.password });

  for (const person of DEMO_CREATORS) {
    const email = `${person.first
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}@demo.example.com`;
    const creator = await create('creator', email, { firstName: person.first, lastName: person.last });
    made.push({ role: 'creator', email: creator.email, password: creator.password });
    await contests.apply(
      String(CHAIR_CONTEST_ID),
      { id: creator.id, role: 'creator' },
      {
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
      },
    );
  }

  const file = path.join(deps.config.DATA_DIR, DEMO_ACCOUNTS_FILE);
  const lines = made.map((a) => `${a.role.padEnd(8)} ${a.email}  ${a.password}`);
  await writeFile(
    file,
    `Demo accounts (sign in at ${deps.config.PUBLIC_URL}/login)\n\n${lines.join('\n')}\n`,
    { mode: 0o600 },
  );
  await chmod(file, 0o600);
  deps.log.info(
    `demo accounts (printed once; also in ${file}):\n${lines.filter((l) => !l.startsWith('creator')).join('\n')}`,
  );
  return made;
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

/** The whole demo world: its accounts and applications, then its videos. */
export async function seedDemoWorld(
  deps: DemoWorldDeps,
): Promise<{ accounts: DemoAccount[] | null; videos: number }> {
  const accounts = await seedDemoAccounts(deps);
  const videos = await seedDemoWorldVideos(deps);
  return { accounts, videos };
}
