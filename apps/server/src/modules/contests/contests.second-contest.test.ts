import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestResponse, ProductResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { secondContest } from '../../../test/second-contest';
import { seedIfEmpty } from '../../db/seed/index';
import { createContestsService } from './contests.service';

describe('a second contest, inserted through the service, works with no code change', () => {
  let ctx: TestContext;
  let contest: ContestResponse;
  const get = <T>(url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers }).then((res) => {
      expect(res.statusCode, url).toBe(200);
      return res.json<T>();
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    const service = createContestsService(ctx.deps);
    const { brand, contest: body } = secondContest('api');
    const created = await service.createBrand(brand);
    contest = await service.createContest({ ...body, brand_id: created.id });
  });
  afterAll(() => ctx.close());

  it('gets new ids past the seeded ones; no brand takes an alias id (4)', () => {
    expect(contest.id).toBe(2);
    expect(contest.brand.id).toBeGreaterThan(4);
    expect(contest.products.map((p) => p.id)).toEqual([4, 5]);
  });

  it('is listed beside the chair contest, with its own zone, products and requirements', async () => {
    const active = await get<ContestResponse[]>('/api/contests/active/');
    expect(active.map((c) => c.slug)).toEqual(['lumora-light-contest-api', 'hbada-chair-contest']);
    const detail = await get<ContestResponse>(`/api/contests/${contest.id}/`);
    expect(detail).toMatchObject({
      title: 'Lumora Night Light Contest api',
      timezone: 'America/Toronto',
      prize: 2500,
      status: 'open',
      brand: { name: 'Lumora api', slug: 'lumora-api' },
      eligibility: { country: 'Canada', minimum_age: 21 },
      requirements: ['16:9 horizontal video', '30–45 seconds long', 'MP4 only, 4K'],
      video_requirements: { aspect_ratio: '16:9', min_seconds: 30, max_seconds: 45, containers: ['mp4'] },
      landing: { product_noun: 'light', concepts_title: 'Glow or Beam', inspiration: null },
    });
    expect(detail.products).toEqual([
      {
        id: 4,
        code: 'GLOW',
        name: 'Glow Mini',
        description: 'A warm pocket panel.',
        concept: 'Glow',
        features: ['Warm 2700K light', 'Magnetic back', 'Two hours on one charge'],
        image_url: null,
        fallback_status: null,
      },
      expect.objectContaining({ id: 5, code: 'BEAM', name: 'Beam Pro', image_url: null }),
    ]);
    expect(await get(`/api/contests/${contest.slug}/`)).toEqual(detail);
  });

  it('lists its products with live stock, by contest and by brand; the chairs stay apart', async () => {
    const products = await get<ProductResponse[]>(`/api/contests/${contest.id}/products/`);
    expect(products.map(({ code, status, stock_quantity }) => ({ code, status, stock_quantity }))).toEqual([
      { code: 'GLOW', status: 'available', stock_quantity: 3 },
      { code: 'BEAM', status: 'available', stock_quantity: 1 },
    ]);
    expect(await get(`/api/brands/${contest.brand.id}/products/`)).toEqual(products);
    const chairs = await get<ProductResponse[]>('/api/brands/1/products/');
    expect(chairs.map((p) => p.code)).toEqual(['E3', 'X7', 'P2']);
  });

  it('takes an application for its own product only, and the creator sees it under Applied', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const apply = (productId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/contests/${contest.id}/apply/`,
        headers: creator.headers,
        payload: {
          full_name: 'Noor Haddad',
          email: creator.email,
          bio: 'Night shooter.',
          shipping_address: { line1: '1 King St', city: 'Toronto', country: 'CA' },
          product_id: productId,
          terms_accepted: true,
        },
      });
    const chair = await apply(1);
    expect(chair.statusCode).toBe(400);
    expect(chair.json()).toHaveProperty('product_id');

    const beam = await apply(5);
    expect(beam.statusCode, beam.body).toBe(201);
    expect(beam.json()).toMatchObject({ contest_id: contest.id, product_id: 5, stock_quantity: 0 });
    const products = await get<ProductResponse[]>(`/api/contests/${contest.id}/products/`);
    expect(products.find((p) => p.id === 5)).toMatchObject({ status: 'all_picked', stock_quantity: 0 });

    const dashboard = await get<{ applied: Array<{ id: number; title: string }> }>(
      '/api/accounts/creator/dashboard/',
      creator.headers,
    );
    expect(dashboard.applied.map((c) => c.title)).toEqual(['Lumora Night Light Contest api']);
    const mail = await ctx.waitForEmail(creator.email);
    expect(mail).toContain('Beam Pro');
    expect(mail).toContain('their light at the shipping address');
  });

  it('refuses a contest whose dates are out of order, a landing concept of no product, or a taken slug', async () => {
    const service = createContestsService(ctx.deps);
    const { contest: body } = secondContest('bad');
    const brandId = contest.brand.id;
    await expect(
      service.createContest({ ...body, brand_id: brandId, winners_at: body.starts_at }),
    ).rejects.toMatchObject({ code: 'validation' });
    await expect(
      service.createContest({
        ...body,
        brand_id: brandId,
        landing: { concepts: [{ product_code: 'NOPE', line: '', text: '', themes: [] }] },
      }),
    ).rejects.toMatchObject({ fields: { landing: [expect.stringContaining('NOPE')] } });
    await expect(
      service.createContest({ ...body, slug: contest.slug, brand_id: brandId }),
    ).rejects.toMatchObject({ fields: { slug: ['Another contest has this slug.'] } });
    await expect(service.createContest({ ...body, brand_id: 999 })).rejects.toMatchObject({
      fields: { brand_id: ['There is no brand with this id.'] },
    });
  });
});
