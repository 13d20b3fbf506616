import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';
import { processSecretInput, type SecretInput } from '../read-secret';
import { createAccountsService, type AccountsServiceDeps } from '../../modules/accounts';
import { accountsPorts } from '../../modules/index';

export const usage =
  'create-user --email EMAIL [--password-stdin] [--role creator|brand|staff] [--first-name F] [--last-name L] [--brand-id N | --company NAME]';

/**
 * Creates an active (verified) account of any role through the accounts service: how brand and
 * staff accounts are made. A brand user belongs to the brand `--brand-id` or to the brand named
 * `--company` (found, or created). The service's refusals are worded for the command line.
 *
 * The password never comes from the command line (other users of the machine read argv in the
 * process list, and shells keep it in their history): `--password-stdin` reads the first line of
 * standard input; at a terminal the command asks for it twice without echo; otherwise one is
 * generated and printed once.
 */
export async function createUser(
  deps: AccountsServiceDeps,
  argv: string[],
  input: SecretInput = processSecretInput,
): Promise<string> {
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password=')))
    throw new Error(
      '--password is not accepted on the command line (anyone on the machine can read it there). Pipe it with --password-stdin, or type it at the prompt.',
    );
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      role: { type: 'string', default: 'creator' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      company: { type: 'string', default: '' },
      'brand-id': { type: 'string' },
    },
  });
  const brandId = values['brand-id'] === undefined ? undefined : Number(values['brand-id']);
  if (brandId !== undefined && (!Number.isInteger(brandId) || brandId <= 0))
    throw new Error(`--brand-id must be a brand's id. Usage: ${usage}`);
  if (brandId !== undefined && values.company) throw new Error(`Give --brand-id or --company, not both.`);
  let password: string | undefined;
  if (values['password-stdin']) password = await input.readLine();
  else if (input.interactive) {
    password = await input.prompt('Password: ');
    if ((await input.prompt('Password (again): ')) !== password)
      throw new Error('The passwords do not match.');
  }
  // Without one, a password is generated and printed once.
  const generated = password === undefined ? `${randomBytes(12).toString('base64url')}-Cc7` : undefined;
  try {
    const user = await createAccountsService(deps, accountsPorts).createUser({
      email: values.email ?? '',
      password: password ?? generated!,
      role: values.role as Role,
      firstName: values['first-name'],
      lastName: values['last-name'],
      companyName: values.company,
      ...(brandId !== undefined ? { brandId } : {}),
    });
    const created = `Created ${user.role} ${user.email} (id ${user.id}).`;
    return generated ? `${created} Password: ${generated}` : created;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation') throw error;
    const { fields } = error;
    const message = fields.email
      ? `--email must be an e-mail address. Usage: ${usage}`
      : fields.role
        ? `--role must be one of ${ROLES.join(', ')}`
        : fields.brand_id
          ? `--brand-id: ${fields.brand_id.join(' ')}`
          : fields.first_name || fields.last_name || fields.company_name
            ? [fields.first_name, fields.last_name, fields.company_name].flat().filter(Boolean).join(' ')
            : `password: ${(fields.password ?? []).join(' ')}`;
    throw new Error(message, { cause: error });
  }
}
