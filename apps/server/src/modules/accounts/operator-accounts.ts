import {
  FIELD_LIMITS,
  MESSAGES,
  ROLES,
  STAFF_MESSAGES,
  isValidEmail,
  normalizeEmail,
  passwordProblems,
  tooLongMessage,
  type Role,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { belongsToBrand } from './accounts.policy';
import * as repo from './accounts.repository';
import type { CreatorProfilesPort } from './creator-profile-port';
import { insertAccountWithProfile } from './new-account';

/** A new account made by an operator (`npm run admin -- create-user`). */
export interface NewUser {
  email: string;
  password: string;
  role: Role;
  firstName?: string;
  lastName?: string;
  /** A brand user's brand, by id… */
  brandId?: number;
  /** …or by name (found case-insensitively, or created). */
  companyName?: string;
}

/**
 * Creates an active (verified) account of any role, with its empty profile: how brand and staff
 * accounts are made. The e-mail must be valid, the role known and the password must pass the
 * shared rules (field errors in that order); a brand user belongs to the brand `brandId` (which
 * must exist) or to the brand named `companyName` (found, or created); a taken address is a 409.
 */
export async function createActiveAccount(
  db: DbOrTx,
  creatorProfiles: CreatorProfilesPort,
  input: NewUser,
): Promise<{ id: number; email: string; role: Role }> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw AppError.validation({ email: [MESSAGES.registration.invalidEmail] });
  if (!ROLES.includes(input.role))
    throw AppError.validation({ role: [`Choose one of ${ROLES.join(', ')}.`] });
  for (const [field, value, max] of [
    ['first_name', input.firstName ?? '', FIELD_LIMITS.name],
    ['last_name', input.lastName ?? '', FIELD_LIMITS.name],
    ['company_name', input.companyName ?? '', FIELD_LIMITS.companyName],
  ] as const)
    if (value.length > max) throw AppError.validation({ [field]: [tooLongMessage(field, max)] });
  const problems = passwordProblems(input.password, email);
  if (problems.length) throw AppError.validation({ password: problems });
  const passwordHash = await hashPassword(input.password);
  const account = await db.transaction(async (tx) => {
    const brand = belongsToBrand(input.role) ? await brandOf(tx, input) : undefined;
    return insertAccountWithProfile(tx, creatorProfiles, {
      email,
      passwordHash,
      role: input.role,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      ...(brand ? { brand } : {}),
      isActive: true,
    });
  });
  if (!account) throw new AppError('conflict', `A user with the e-mail ${email} already exists.`);
  return { id: account.id, email: account.email, role: account.role };
}

/** The brand a new brand user joins: by id (400 when unknown), or by name (found or created). */
async function brandOf(
  tx: DbOrTx,
  input: NewUser,
): Promise<{ id: number | null; name: string; logo: string } | undefined> {
  if (input.brandId !== undefined) {
    const found = await repo.findBrandById(tx, input.brandId);
    if (!found) throw AppError.validation({ brand_id: [STAFF_MESSAGES.brandUnknown] });
    return { id: found.id, name: found.name, logo: found.logoUrl };
  }
  if (!input.companyName?.trim()) return undefined;
  const found = await repo.findOrCreateBrand(tx, input.companyName.trim());
  return { id: found.id, name: found.name, logo: found.logoUrl };
}
