import { z } from 'zod';

/** The spec's words for a text that is too long (as §5's 'Bio must be at most 500 characters'). */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

/** A string of at most `max` characters; a longer one is refused with `tooLongMessage(label, max)`. */
export function boundedString(label: string, max: number) {
  return z.string().max(max, tooLongMessage(label, max));
}
