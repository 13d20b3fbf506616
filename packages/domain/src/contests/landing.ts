import { z } from 'zod';

const text = (max: number) => z.string().max(max).default('');

/** One theme card of a concept's gallery: a scene idea and the mood to shoot it in. */
export const landingThemeSchema = z.object({ title: z.string().max(120), text: z.string().max(300) });

/** A concept of the landing page, tied to one of the contest's products (e.g. Zen with the X7). */
export const landingConceptSchema = z.object({
  /** The `code` of the contest's product the concept belongs to. */
  product_code: z.string().max(20),
  /** One line under the concept's name. */
  line: text(200),
  text: text(1_000),
  themes: z.array(landingThemeSchema).max(12).default([]),
});
export type LandingConcept = z.infer<typeof landingConceptSchema>;

/** Shot ideas for one product, shown as a carousel on the contest page. */
export const landingInspirationSchema = z.object({
  product_code: z.string().max(20),
  title: z.string().max(120),
  frames: z.array(z.object({ title: z.string().max(120), note: z.string().max(300) })).max(12),
});

/**
 * The words a contest's pages show beyond the brief: what its products are called, the concept
 * sections and challenge of its landing page, extra format notes and an inspiration carousel.
 * Every field has a neutral default, so a contest that states none still renders.
 */
export const contestLandingSchema = z.object({
  /** What one product is called on the pages, singular and lower case (e.g. 'chair'). */
  product_noun: z.string().min(1).max(40).default('product'),
  /** The sentence under the landing page's title. */
  headline: text(400),
  concepts_title: text(120),
  concepts_intro: text(600),
  concepts: z.array(landingConceptSchema).max(12).default([]),
  challenge_title: text(120),
  /** Format bullets shown after the requirement lines (e.g. an optional 16:9 cut). */
  format_notes: z.array(z.string().max(300)).max(10).default([]),
  inspiration: landingInspirationSchema.nullable().default(null),
});
export type ContestLanding = z.infer<typeof contestLandingSchema>;
