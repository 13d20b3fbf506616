import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';
import { createAccountsService, type AccountsServiceDeps } from '../../modules/accounts/accounts.service';

export const usage =
  'create-user --email EMAIL --password PASSWORD [--role creator|brand|staff] [--first-name F] [--last-name L] [--company NAME]';

/**
 * Creates an active (verified) account of any role through the accounts service: how brand and
 * staff accounts are made. The service's refusals are worded for the command line.
 */
export async function createUser(deps: AccountsServiceDeps, argv: string[]): Promise<string> {
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
  try {
    const user = await createAccountsService(deps).createUser({
      email: values.email ?? '',
      password: values.password ?? '',
      role: values.role as Role,
      firstName: values['first-name'],
      lastName: values['last-name'],
      companyName: values.company,
    });
    return `Created ${user.role} ${user.email} (id ${user.id}).`;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation') throw error;
    const { fields } = error;
    const message = fields.email
      ? `--email must be an e-mail address. Usage: ${usage}`
      : fields.role
        ? `--role must be one of ${ROLES.join(', ')}`
        : `--password: ${(fields.password ?? []).join(' ')}`;
    throw new Error(message, { cause: error });
  }
}
