import { z } from 'zod';

/** The most criteria a rubric may have. */
export const RUBRIC_MAX_CRITERIA = 10;
/** Weights of a rubric's criteria add up to this. */
export const RUBRIC_TOTAL_WEIGHT = 100;

/** One judging criterion of a contest and its weight in percent. */
export const rubricCriterionSchema = z.object({
  name: z.string().trim().min(1).max(80),
  weight: z.number().int().min(1).max(RUBRIC_TOTAL_WEIGHT),
});
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

/** A contest's judging rubric: distinct criteria whose weights sum to 100 (or none yet). */
export const rubricSchema = z
  .array(rubricCriterionSchema)
  .max(RUBRIC_MAX_CRITERIA)
  .refine((criteria) => new Set(criteria.map((c) => c.name.toLowerCase())).size === criteria.length, {
    message: 'Each criterion needs its own name.',
  })
  .refine(
    (criteria) =>
      criteria.length === 0 || criteria.reduce((sum, c) => sum + c.weight, 0) === RUBRIC_TOTAL_WEIGHT,
    { message: `The weights must add up to ${RUBRIC_TOTAL_WEIGHT}.` },
  );
