import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_FIELD_MAX_LENGTH } from '@app/domain';
import { creatorProfiles, users } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';

const PROFILE_URL = '/api/accounts/auth/creator-profile/';
let ctx: TestContext;

const COMPLETE = {
  name: 'Ada Lovelace',
  email: '',
  bio: 'I shoot cinematic product films.',
  phone: '+15551234567',
  gender: 'female',
  address: '12 Analytical Way',
  website: 'https://ada.example.com',
  portfolio_url: 'https://ada.example.com/work',
  linkedin: 'https://linkedin.example.com/ada',
  instagram: 'https://instagram.example.com/ada',
  twitter: 'https://x.example.com/ada',
  facebook: 'https://facebook.example.com/ada',
  youtube_url: 'https://youtube.example.com/@ada',
  shipping_address_line1: '12 Analytical Way',
  shipping_address_line2: 'Apt 3',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_postal_code: '73301',
  shipping_country: 'US',
};

/** A multipart/form-data body as a browser sends it. */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; bytes: Buffer },
) {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** GETs the profile (which sets the csrftoken cookie) and returns the cookie value. */
async function csrfFor(user: TestUser): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: PROFILE_URL, headers: user.headers });
  const cookie = res.cookies.find((c) => c.name === 'csrftoken');
  expect(cookie?.value).toBeTruthy();
  return cookie!.value;
}

/** The profile as its creator reads it back (GET), after a save or a refused one. */
async function readProfile(user: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: PROFILE_URL, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function patch(
  user: TestUser,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
  csrf?: string | null,
) {
  const token = csrf === undefined ? await csrfFor(user) : csrf;
  const body = multipart(fields, file);
  return ctx.app.inject({
    method: 'PATCH',
    url: PROFILE_URL,
    payload: body.payload,
    headers: {
      ...user.headers,
      'content-type': body.contentType,
      ...(token ? { cookie: `csrftoken=${token}`, 'x-csrftoken': token } : {}),
    },
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/accounts/auth/creator-profile/', () => {
  it('gives a new creator an empty profile and a readable csrftoken cookie', async () => {
    const creator = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: PROFILE_URL, headers: creator.headers });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'csrftoken')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(cookie.httpOnly).toBeFalsy();
    expect(cookie.sameSite).toBe('Lax');
    const body = res.json();
    expect(body).toMatchObject({
      id: creator.id,
      full_name: '',
      email: creator.email,
      pending_email: null,
      phone_number: '',
    });
    expect(body.profile).toMatchObject({
      bio: '',
      profilePicture: '',
      contest_participations: 0,
      contests_wins: 0,
    });
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('creates the profile row of a creator who has none yet', async () => {
    const creator = await createUser(ctx);
    await ctx.deps.database.db.delete(creatorProfiles).where(eq(creatorProfiles.userId, creator.id));
    const res = await ctx.app.inject({ method: 'GET', url: PROFILE_URL, headers: creator.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.bio).toBe('');
  });

  it('keeps the same csrftoken on later GETs', async () => {
    const creator = await createUser(ctx);
    const first = await csrfFor(creator);
    const res = await ctx.app.inject({
      method: 'GET',
      url: PROFILE_URL,
      headers: { ...creator.headers, cookie: `csrftoken=${first}` },
    });
    expect(res.cookies.find((c) => c.name === 'csrftoken')!.value).toBe(first);
  });
});

describe("another creator's profile", () => {
  it('is never read or changed: each creator only reaches their own', async () => {
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    await patch(first, { ...COMPLETE, email: first.email });
    const res = await readProfile(second);
    expect(res).toMatchObject({ id: second.id, full_name: '', email: second.email });
    expect(res.profile.bio).toBe('');
    // An id in the body is ignored: the PATCH changes the caller's own profile.
    await patch(second, { bio: 'Second', id: String(first.id), user_id: String(first.id) } as Record<
      string,
      string
    >);
    const firstAfter = await readProfile(first);
    expect((await readProfile(second)).profile.bio).toBe('Second');
    expect(firstAfter.profile.bio).toBe(COMPLETE.bio);
  });
});

describe('PATCH /api/accounts/auth/creator-profile/', () => {
  it('saves every field and returns the updated profile', async () => {
    const creator = await createUser(ctx);
    const res = await patch(creator, { ...COMPLETE, email: creator.email });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      full_name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '+15551234567',
      email: creator.email,
      pending_email: null,
    });
    expect(body.profile).toMatchObject({
      bio: COMPLETE.bio,
      gender: 'female',
      address: COMPLETE.address,
      website: COMPLETE.website,
      linkedin: COMPLETE.linkedin,
      twitter: COMPLETE.twitter,
      instagram_url: COMPLETE.instagram,
      facebook_url: COMPLETE.facebook,
      youtube_url: COMPLETE.youtube_url,
      portfolio_url: COMPLETE.portfolio_url,
      phoneNumber: '+15551234567',
      shipping_address: {
        line1: '12 Analytical Way',
        line2: 'Apt 3',
        city: 'Austin',
        state: 'TX',
        postal: '73301',
        country: 'US',
      },
    });
    const again = await readProfile(creator);
    expect(again).toEqual(body);
  });

  it('accepts a partial update and leaves other fields alone', async () => {
    const creator = await createUser(ctx);
    await patch(creator, { ...COMPLETE, email: creator.email });
    const res = await patch(creator, { bio: 'Shorter bio' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ bio: 'Shorter bio', shipping_city: 'Austin' });
    const saved = await readProfile(creator);
    expect(saved).toMatchObject({ full_name: 'Ada Lovelace', phone_number: COMPLETE.phone });
    expect(saved.profile).toMatchObject({
      bio: 'Shorter bio',
      website: COMPLETE.website,
      shipping_city: 'Austin',
      shipping_address_line1: COMPLETE.shipping_address_line1,
    });
  });

  it('also accepts a JSON body', async () => {
    const creator = await createUser(ctx);
    const token = await csrfFor(creator);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: PROFILE_URL,
      headers: { ...creator.headers, cookie: `csrftoken=${token}`, 'x-csrftoken': token },
      payload: { bio: 'From JSON', shipping_city: 'Denver' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ bio: 'From JSON', shipping_city: 'Denver' });
    expect((await readProfile(creator)).profile).toMatchObject({ bio: 'From JSON', shipping_city: 'Denver' });
  });

  describe('CSRF double submit', () => {
    it('refuses a PATCH without the X-CSRFToken header (403)', async () => {
      const creator = await createUser(ctx);
      const token = await csrfFor(creator);
      const body = multipart({ bio: 'x' });
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: PROFILE_URL,
        payload: body.payload,
        headers: { ...creator.headers, 'content-type': body.contentType, cookie: `csrftoken=${token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('CSRF Failed: CSRF token missing or incorrect.');
    });

    it('refuses a header that does not match the cookie (403)', async () => {
      const creator = await createUser(ctx);
      const token = await csrfFor(creator);
      const body = multipart({ bio: 'x' });
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: PROFILE_URL,
        payload: body.payload,
        headers: {
          ...creator.headers,
          'content-type': body.contentType,
          cookie: `csrftoken=${token}`,
          'x-csrftoken': token.slice(1) + 'A',
        },
      });
      expect(res.statusCode).toBe(403);
    });

    it('refuses a header without the cookie (403)', async () => {
      const creator = await createUser(ctx);
      const res = await patch(creator, { bio: 'x' }, undefined, null);
      expect(res.statusCode).toBe(403);
      const headerOnly = await ctx.app.inject({
        method: 'PATCH',
        url: PROFILE_URL,
        headers: { ...creator.headers, 'x-csrftoken': 'abcdefghijklmnopqrstuvwxyz0123456789' },
        payload: { bio: 'x' },
      });
      expect(headerOnly.statusCode).toBe(403);
    });
  });

  describe('validation (spec §5)', () => {
    const required = [
      ['name', 'name is required'],
      ['bio', 'bio is required'],
      ['phone', 'phone is required'],
      ['email', 'email is required'],
      ['shipping_address_line1', 'shipping address line1 is required'],
      ['shipping_city', 'shipping city is required'],
      ['shipping_state', 'shipping state is required'],
      ['shipping_postal_code', 'shipping postal code is required'],
      ['shipping_country', 'shipping country is required'],
    ] as const;

    it.each(required)('%s cannot be blank: "%s"', async (field, message) => {
      const creator = await createUser(ctx);
      const res = await patch(creator, { ...COMPLETE, email: creator.email, [field]: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', [field]: [message] });
    });

    it('reports every failing field at once and saves nothing', async () => {
      const creator = await createUser(ctx);
      const res = await patch(creator, {
        ...COMPLETE,
        email: 'not-an-email',
        phone: '12345',
        bio: 'b'.repeat(501),
        name: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        email: ['Please enter a valid email address'],
        phone: ['Please enter a valid phone number'],
        bio: ['Bio must be at most 500 characters'],
        name: ['name is required'],
      });
      const after = await readProfile(creator);
      expect(after.profile.shipping_city).toBe('');
    });

    it.each(['+1555123456', '5551234567', '+123456789012345'])('accepts the phone %s', async (phone) => {
      const creator = await createUser(ctx);
      const res = await patch(creator, { phone });
      expect(res.statusCode).toBe(200);
    });

    it.each(['555-123-4567', '+12345678', '+1234567890123456', 'phone'])(
      'refuses the phone %s',
      async (phone) => {
        const creator = await createUser(ctx);
        const res = await patch(creator, { phone });
        expect(res.statusCode).toBe(400);
        expect(res.json().phone).toEqual(['Please enter a valid phone number']);
      },
    );

    it('accepts a bio of exactly 500 characters', async () => {
      const creator = await createUser(ctx);
      const res = await patch(creator, { bio: 'b'.repeat(500) });
      expect(res.statusCode).toBe(200);
      expect((await readProfile(creator)).profile.bio).toBe('b'.repeat(500));
    });

    it('refuses a field longer than its bound, on that field, and saves nothing', async () => {
      const creator = await createUser(ctx);
      const res = await patch(creator, {
        website: 'w'.repeat(PROFILE_FIELD_MAX_LENGTH + 1),
        bio: 'kept out',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toContain('website');
      const after = await readProfile(creator);
      expect(after.profile.bio).toBe('');
    });

    it('refuses an unknown gender and accepts the listed ones', async () => {
      const creator = await createUser(ctx);
      expect((await patch(creator, { gender: 'robot' })).statusCode).toBe(400);
      expect((await readProfile(creator)).profile.gender).toBe('');
      for (const gender of ['male', 'female', 'other', '']) {
        expect((await patch(creator, { gender })).statusCode).toBe(200);
        expect((await readProfile(creator)).profile.gender).toBe(gender);
      }
    });

    it('leaves the optional fields optional', async () => {
      const creator = await createUser(ctx);
      const res = await patch(creator, {
        ...COMPLETE,
        email: creator.email,
        shipping_address_line2: '',
        gender: '',
        youtube_url: '',
        portfolio_url: '',
        instagram: '',
      });
      expect(res.statusCode).toBe(200);
      const saved = await readProfile(creator);
      expect(saved.full_name).toBe('Ada Lovelace');
      expect(saved.profile).toMatchObject({
        bio: COMPLETE.bio,
        shipping_city: 'Austin',
        shipping_address_line2: '',
        gender: '',
        youtube_url: '',
        portfolio_url: '',
        instagram_url: '',
      });
    });
  });

  describe('avatar', () => {
    it('stores a PNG resized to 512x512 WebP and serves it', async () => {
      const creator = await createUser(ctx);
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f5b301' } })
        .png()
        .toBuffer();
      const res = await patch(
        creator,
        { bio: 'With avatar' },
        { name: 'avatar', filename: 'me.png', type: 'image/png', bytes: png },
      );
      expect(res.statusCode).toBe(200);
      const picture = res.json().profile.profilePicture as string;
      expect(picture).toMatch(/^\/media\/avatars\/\d+\/[a-f0-9]+\.webp$/);
      expect((await readProfile(creator)).profile).toMatchObject({
        bio: 'With avatar',
        profilePicture: picture,
      });
      const media = await ctx.app.inject({ method: 'GET', url: picture });
      expect(media.statusCode).toBe(200);
      const meta = await sharp(media.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    });

    it('accepts JPEG and WebP and replaces the old picture', async () => {
      const creator = await createUser(ctx);
      const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2dd4bf' } })
        .jpeg()
        .toBuffer();
      const webp = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#f87171' } })
        .webp()
        .toBuffer();
      const first = await patch(
        creator,
        {},
        { name: 'avatar', filename: 'a.jpg', type: 'image/jpeg', bytes: jpeg },
      );
      expect(first.statusCode).toBe(200);
      const second = await patch(
        creator,
        {},
        { name: 'avatar', filename: 'b.webp', type: 'image/webp', bytes: webp },
      );
      expect(second.statusCode).toBe(200);
      expect(second.json().profile.profilePicture).not.toBe(first.json().profile.profilePicture);
      expect((await readProfile(creator)).profile.profilePicture).toBe(second.json().profile.profilePicture);
      const old = await ctx.app.inject({ method: 'GET', url: first.json().profile.profilePicture });
      expect(old.statusCode).toBe(404);
    });

    it('refuses a file that is not an image, whatever its name and type say (400)', async () => {
      const creator = await createUser(ctx);
      const res = await patch(
        creator,
        { bio: 'x' },
        {
          name: 'avatar',
          filename: 'me.png',
          type: 'image/png',
          bytes: Buffer.from('#!/bin/sh\necho not an image\n'),
        },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ avatar: ['Upload a valid image: JPEG, PNG or WebP.'] });
      const after = await readProfile(creator);
      expect(after.profile.bio).toBe('');
    });

    it('refuses a GIF and a truncated PNG (400)', async () => {
      const creator = await createUser(ctx);
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expect(
        (await patch(creator, {}, { name: 'avatar', filename: 'a.gif', type: 'image/gif', bytes: gif }))
          .statusCode,
      ).toBe(400);
      const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const broken = await patch(
        creator,
        {},
        { name: 'avatar', filename: 'a.png', type: 'image/png', bytes: png.subarray(0, 40) },
      );
      expect(broken.statusCode).toBe(400);
    });

    it('refuses an image over 5 MB (400)', async () => {
      const creator = await createUser(ctx);
      const big = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      ]);
      const res = await patch(
        creator,
        {},
        { name: 'avatar', filename: 'big.jpg', type: 'image/jpeg', bytes: big },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().avatar).toEqual(['The image must be at most 5 MB.']);
    });
  });

  describe('e-mail change', () => {
    it('keeps the new address pending until the link sent to it is followed', async () => {
      const creator = await createUser(ctx);
      const newEmail = `new-${creator.id}@example.com`;
      const res = await patch(creator, { email: newEmail.toUpperCase(), current_password: creator.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: creator.email, pending_email: newEmail });
      expect(res.json().message).toContain(newEmail);

      const mail = await ctx.waitForEmail(newEmail);
      const link = /https?:\/\/\S+\/api\/accounts\/auth\/confirm-email-change\/([^/\s]+)\//.exec(
        mail.replace(/=\r?\n/g, ''),
      );
      expect(link).toBeTruthy();
      const path = new URL(link![0]).pathname;

      const [before] = await ctx.deps.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, creator.id));
      expect(before!.email).toBe(creator.email);

      const confirm = await ctx.app.inject({ method: 'GET', url: path });
      expect(confirm.statusCode).toBe(303);
      expect(confirm.headers.location).toBe('/verification-success');
      const after = await readProfile(creator);
      expect(after).toMatchObject({ email: newEmail, pending_email: null });

      const reused = await ctx.app.inject({ method: 'GET', url: path });
      expect(reused.headers.location).toBe('/verification-failed');
    });

    it('invalidates the first link when a second new address is asked for', async () => {
      const creator = await createUser(ctx);
      const first = `first-${creator.id}@example.com`;
      const second = `second-${creator.id}@example.com`;
      await patch(creator, { email: first, current_password: creator.password });
      const mail = (await ctx.waitForEmail(first)).replace(/=\r?\n/g, '');
      const firstPath = /\/api\/accounts\/auth\/confirm-email-change\/[^/\s]+\//.exec(mail)![0];
      await patch(creator, { email: second, current_password: creator.password });
      const stale = await ctx.app.inject({ method: 'GET', url: firstPath });
      expect(stale.headers.location).toBe('/verification-failed');
      const after = await readProfile(creator);
      expect(after).toMatchObject({ email: creator.email, pending_email: second });
    });

    it('cancels a pending change when the current address is saved again', async () => {
      const creator = await createUser(ctx);
      await patch(creator, { email: `other-${creator.id}@example.com`, current_password: creator.password });
      const res = await patch(creator, { email: creator.email });
      expect(res.json()).toMatchObject({ email: creator.email, pending_email: null });
      expect(await readProfile(creator)).toMatchObject({ email: creator.email, pending_email: null });
    });

    it('refuses an address another account uses', async () => {
      const creator = await createUser(ctx);
      const other = await createUser(ctx);
      const res = await patch(creator, { email: other.email, current_password: creator.password });
      expect(res.statusCode).toBe(400);
      expect(res.json().email).toEqual(['A user with this email already exists.']);
    });

    it('sends the creator to the failure page for a forged link', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/accounts/auth/confirm-email-change/not-a-token/',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/verification-failed');
    });
  });
});
