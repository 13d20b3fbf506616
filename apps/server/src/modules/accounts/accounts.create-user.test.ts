import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../cli/commands/create-user';
import { pipedSecret } from '../../cli/read-secret';
import { cliWithPassword, login, STRONG_PASSWORD } from './test-support';

describe('npm run admin -- create-user (through the accounts service)', () => {
  let ctx: TestContext;
  const run = (...argv: string[]) => createUser(ctx.deps, ...cliWithPassword(argv));
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('creates a verified account of the given role that can sign in at once', async () => {
    const out = await run(
      '--email',
      'Brand.Owner@Example.com',
      '--password',
      STRONG_PASSWORD,
      '--role',
      'brand',
      '--company',
      'Acme',
    );
    expect(out).toMatch(/^Created brand brand\.owner@example\.com \(id \d+\)\.$/);
    const res = await login(ctx, 'brand.owner@example.com', STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      role: 'brand',
      brand_profile: { company_name: 'Acme' },
      creator_profile: null,
    });
  });

  it('words each refusal for the command line', async () => {
    await expect(run('--email', 'nope', '--password', STRONG_PASSWORD)).rejects.toThrow(
      /^--email must be an e-mail address\. Usage: create-user/,
    );
    await expect(
      run('--email', 'x@example.com', '--password', STRONG_PASSWORD, '--role', 'admin'),
    ).rejects.toThrow('--role must be one of creator, brand, staff');
    await expect(run('--email', 'x@example.com', '--password', '12345678')).rejects.toThrow(/^password: /);
    await run('--email', 'taken@example.com', '--password', STRONG_PASSWORD, '--role', 'staff');
    await expect(run('--email', 'taken@example.com', '--password', STRONG_PASSWORD)).rejects.toThrow(
      'A user with the e-mail taken@example.com already exists.',
    );
  });

  // L5 (issue 18): a password on argv is readable by anyone on the machine.
  it('refuses a password on the command line and reads it from stdin instead', async () => {
    await expect(
      createUser(ctx.deps, ['--email', 'argv@example.com', '--password', STRONG_PASSWORD]),
    ).rejects.toThrow(/--password is not accepted on the command line/);
    await expect(
      createUser(ctx.deps, ['--email', 'argv@example.com', `--password=${STRONG_PASSWORD}`]),
    ).rejects.toThrow(/--password-stdin/);
    const out = await createUser(
      ctx.deps,
      ['--email', 'piped@example.com', '--password-stdin'],
      pipedSecret(`${STRONG_PASSWORD}\n`),
    );
    expect(out).not.toContain(STRONG_PASSWORD);
    expect((await login(ctx, 'piped@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });
});
