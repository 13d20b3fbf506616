import type { CreateBrandBody, CreateContestBody } from '@app/domain';

/**
 * A second contest with its own brand, products, stock, requirements and landing words — nothing
 * the code knows about — for the tests that prove a contest is data (API and e2e). `suffix` keeps
 * slugs unique when one database gets several.
 */
export function secondContest(suffix: string, now = new Date()) {
  const day = 24 * 60 * 60 * 1000;
  const at = (days: number) => new Date(now.getTime() + days * day).toISOString();
  const brand: CreateBrandBody = {
    name: `Lumora ${suffix}`,
    slug: `lumora-${suffix}`,
    description: 'Compact lights for filmmakers on the move.',
    logo_url: '',
    website: 'https://lumora.example',
  };
  const contest: Omit<CreateContestBody, 'brand_id'> = {
    slug: `lumora-light-contest-${suffix}`,
    title: `Lumora Night Light Contest ${suffix}`,
    tagline: 'Light the night',
    description:
      'Lumora sends a pocket LED light to selected creators, who shoot a night-time story with it.',
    prize: 2500,
    currency: 'USD',
    eligibility: { country: 'Canada', minimum_age: 21, experience: 'A reel of night shoots' },
    brief: 'Shoot a night-time story lit only by the light you receive.',
    requirements: ['16:9 horizontal video', '30–45 seconds long', 'MP4 only, 4K'],
    video_requirements: {
      aspect_ratio: '16:9',
      min_seconds: 30,
      max_seconds: 45,
      min_width: 3840,
      min_height: 2160,
      containers: ['mp4'],
    },
    landing: {
      product_noun: 'light',
      headline: 'Two lights, one night, one story.',
      concepts_title: 'Glow or Beam',
      concepts_intro: 'Each light sets a mood.',
      concepts: [
        {
          product_code: 'GLOW',
          line: 'Soft and warm.',
          text: 'Faces at night.',
          themes: [{ title: 'Campfire', text: 'Stories by the fire.' }],
        },
      ],
      challenge_title: 'One light, one night',
      format_notes: [],
      inspiration: null,
    },
    timezone: 'America/Toronto',
    starts_at: at(-1),
    application_deadline: at(10),
    submission_deadline: at(25),
    judging_starts_at: at(26),
    judging_ends_at: at(30),
    winners_at: at(31),
    products: [
      {
        code: 'GLOW',
        name: 'Glow Mini',
        description: 'A warm pocket panel.',
        concept: 'Glow',
        features: ['Warm 2700K light', 'Magnetic back', 'Two hours on one charge'],
        image_url: '',
        stock_quantity: 3,
      },
      {
        code: 'BEAM',
        name: 'Beam Pro',
        description: 'A focused spot.',
        concept: 'Beam',
        features: ['Zoomable beam', 'Full-colour RGB'],
        image_url: '',
        stock_quantity: 1,
      },
    ],
  };
  return { brand, contest };
}
