import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestResponse, Entry, EntryNote } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../test/smtp';
import { createEntryContest, makeClip, selectApplicant, uploadClip, waitForVideo } from './test-support';

/** A captured message's text: folded headers unfolded, quoted-printable undone (soft breaks, bytes). */
function readable(mail: CapturedMail): string {
  const bytes = mail.raw
    .replace(/\r?\n(?=[ \t])/g, '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('notes on an entry e-mail the entrant (and a brand its replies)', () => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let contest: ContestResponse;
  let brandUser: TestUser;
  let staff: TestUser;
  let creator: TestUser;
  let entry: Entry;

  const post = (url: string, user: TestUser, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: user.headers });
  const note = async (user: TestUser, payload: Record<string, unknown>) => {
    const res = await post(`/api/entries/${entry.id}/notes/`, user, payload);
    expect(res.statusCode).toBe(201);
    return res.json<EntryNote>();
  };
  const notesTo = (user: TestUser) =>
    smtp
      .to(user.email)
      .map(readable)
      .filter((m) => /^Subject: .*(a note on your entry|replied to your note)/m.test(m));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    ({ contest, brandUser } = await createEntryContest(ctx, {}));
    staff = await createUser(ctx, { role: 'staff' });
    creator = await createUser(ctx, { firstName: 'Nora', lastName: 'Lens' });
    await selectApplicant(ctx, contest, creator.id);
    const clip = makeClip({ width: 32, height: 56, seconds: 4 });
    const video = await uploadClip(ctx, creator, clip, 'Blue hour');
    await waitForVideo(ctx, creator, video.id);
    const res = await post(`/api/contests/${contest.id}/entries/`, creator, { video_id: video.id });
    expect(res.statusCode).toBe(201);
    entry = res.json<Entry>();
  }, 90_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("the brand's and staff's notes each send the entrant one e-mail with the moment and the entry's link", async () => {
    const brandNote = await note(brandUser, { version: 1, at_seconds: 3.4, text: 'Hold this shot longer' });
    await expect.poll(() => notesTo(creator).length, { timeout: 20_000 }).toBe(1);
    const [fromBrand] = notesTo(creator);
    expect(fromBrand).toContain(`Subject: ${contest.title}: a note on your entry at 0:03`);
    expect(fromBrand).toContain(
      `The brand's marketing team left a note on your entry to ${contest.title}, at 0:03 of version 1:`,
    );
    expect(fromBrand).toContain('“Hold this shot longer”');
    expect(fromBrand).toContain(`http://localhost:3000/entries/${entry.id}`);

    await note(staff, { version: 1, at_seconds: 1, text: 'Lovely light' });
    await expect.poll(() => notesTo(creator).length, { timeout: 20_000 }).toBe(2);
    const fromStaff = notesTo(creator).find((m) => m.includes('Lovely light'))!;
    expect(fromStaff).toContain('The contest team left a note');
    expect(fromStaff).toContain('at 0:01 of version 1');

    // A reviewer's reply in a thread reaches the entrant too.
    await note(brandUser, { version: 1, at_seconds: 0, text: 'Or cut it shorter', parent_id: brandNote.id });
    await expect.poll(() => notesTo(creator).length, { timeout: 20_000 }).toBe(3);
    const reply = notesTo(creator).find((m) => m.includes('Or cut it shorter'))!;
    expect(reply).toContain("The brand's marketing team replied to a note");
    expect(reply).toContain('at 0:03 of version 1');
  });

  it("the entrant's reply e-mails the brand user who wrote the note; a staff thread sends nothing", async () => {
    const entryNow = (
      await ctx.app.inject({ method: 'GET', url: `/api/entries/${entry.id}/`, headers: creator.headers })
    ).json<Entry>();
    const threads = entryNow.notes.filter((n) => n.parent_id === null);
    const staffThread = threads.find((n) => n.author.role === 'staff')!;
    const brandThread = threads.find((n) => n.author.role === 'brand')!;
    const before = smtp.messages.length;

    await note(creator, {
      version: 1,
      at_seconds: 0,
      text: 'Thanks, will relight',
      parent_id: staffThread.id,
    });
    await note(creator, {
      version: 1,
      at_seconds: 0,
      text: 'Holding it two seconds more',
      parent_id: brandThread.id,
    });
    await expect.poll(() => notesTo(brandUser).length, { timeout: 20_000 }).toBe(1);
    const [toBrand] = notesTo(brandUser);
    expect(toBrand).toContain(`Subject: ${contest.title}: Nora Lens replied to your note at 0:03`);
    expect(toBrand).toContain('“Holding it two seconds more”');
    expect(toBrand).toContain(`http://localhost:3000/entries/${entry.id}`);

    await ctx.mailSettled();
    const since = smtp.messages.slice(before);
    expect(since.map((m) => m.to)).toEqual([[brandUser.email.toLowerCase()]]);
    expect(smtp.to(staff.email)).toHaveLength(0);
    // The entrant is not e-mailed about their own replies.
    expect(notesTo(creator)).toHaveLength(3);
  });
});
