import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { isValidEmail, normalizeEmail, passwordProblems, ROLES, type Role } from '@app/domain';
import type { Database } from '../../db/client';
import { brandProfiles, creatorProfiles, users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';

export const usage =
  'create-user --email EMAIL --password PASSWORD [--role creator|brand|staff] [--first-name F] [--last-name L] [--company NAME]';

/** Creates an active (verified) account of any role: how brand and staff accounts are made. */
export async function createUser(db: Database, argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'creator' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      company: { type: 'string', default: '' },
    },
  });
  const email = normalizeEmail(values.email ?? '');
  if (!isValidEmail(email)) throw new Error(`--email must be an e-mail address. Usage: ${usage}`);
  const role = values.role as Role;
  if (!ROLES.includes(role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  const problems = passwordProblems(values.password ?? '', email);
  if (problems.length) throw new Error(`--password: ${problems.join(' ')}`);
  const passwordHash = await hashPassword(values.password!);

  return db.transaction(async (tx) => {
    const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken.length) throw new Error(`A user with the e-mail ${email} already exists.`);
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        role,
        firstName: values['first-name'],
        lastName: values['last-name'],
        isActive: true,
      })
      .returning({ id: users.id });
    if (role === 'creator') await tx.insert(creatorProfiles).values({ userId: user!.id });
    if (role === 'brand')
      await tx.insert(brandProfiles).values({ userId: user!.id, companyName: values.company });
    return `Created ${role} ${email} (id ${user!.id}).`;
  });
}
