import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { createEmailSender, sendEmailJob } from './send-email.job';

// L4 (issue 18): a queued e-mail's body, and the link in it, never outlives the link.
describe('queued e-mails with links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://contests.example.com' });
  });
  afterAll(() => ctx.close());

  const jobRowsMentioning = async (text: string) => {
    const { rows } = await ctx.deps.database.query(
      `select id from pgboss.job where name = 'send-email' and data::text like $1`,
      [`%${text}%`],
    );
    return rows.length;
  };

  it('removes the body from the job once the e-mail is sent', async () => {
    const email = 'l4-reset@example.com';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/register/',
      payload: { email, password: 'Velvet-Lantern-4821', confirm_password: 'Velvet-Lantern-4821' },
      remoteAddress: '10.44.0.1',
    });
    expect(res.statusCode).toBe(201);
    const mail = await ctx.waitForEmail(email);
    expect(mail).toContain('https://contests.example.com/verify-email/');
    // The row is scrubbed right after the send; give the worker a moment to finish the job.
    for (let i = 0; i < 50 && (await jobRowsMentioning('verify-email')) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobRowsMentioning('verify-email')).toBe(0);
    const { rows } = await ctx.deps.database.query(
      `select data from pgboss.job where name = 'send-email' and data->>'to' = $1`,
      [email],
    );
    expect(rows[0]).toMatchObject({ data: { to: email, text: '[sent; body removed]', html: '' } });
  });

  it('drops an e-mail whose link expired while it waited, and scrubs it', async () => {
    const sent: unknown[] = [];
    const queries: unknown[][] = [];
    const handler = createEmailSender({
      mailer: { send: async (message: unknown) => void sent.push(message) } as never,
      database: {
        query: async (_sql: string, values: unknown[]) => (queries.push(values), { rows: [] }),
      } as never,
      log: ctx.deps.log,
    });
    await handler(
      {
        to: 'late@example.com',
        subject: 'Reset',
        text: 'https://contests.example.com/reset-password/x/y',
        html: '',
        linkExpiresAt: new Date(Date.now() - 1000).toISOString(),
      },
      { id: 'job-1', attempt: 1 },
    );
    expect(sent).toHaveLength(0);
    expect(queries).toEqual([['job-1', expect.stringContaining('dropped: link expired')]]);
    expect(JSON.stringify(queries)).not.toContain('reset-password');
    expect(sendEmailJob.name).toBe('send-email');
  });
});
