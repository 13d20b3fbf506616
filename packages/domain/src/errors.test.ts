import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index';
import { isValidatorWording } from './error-codes';

/** Every string of the domain's message tables (MESSAGES, ENTRY_MESSAGES, …), nested or not. */
function messagesOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) messagesOf(v, out);
  return out;
}

describe('isValidatorWording', () => {
  it("recognises zod's own messages", () => {
    const refusals = [
      z.enum(['creator', 'brand', 'staff']).safeParse(''),
      z.number().int().min(1).safeParse(0),
      z.string().min(1).safeParse(''),
      z.string().max(2).safeParse('abc'),
      z.number().safeParse('x'),
      z.object({}).strict().safeParse({ a: 1 }),
      z.email().safeParse('nope'),
      z.url().safeParse('nope'),
    ];
    for (const refusal of refusals) {
      const message = refusal.error!.issues[0]!.message;
      expect(isValidatorWording(message), message).toBe(true);
    }
    expect(isValidatorWording(JSON.stringify(z.number().safeParse('x').error!.issues))).toBe(true);
  });

  it('recognises stack text', () => {
    expect(isValidatorWording(new TypeError('x is undefined').stack!)).toBe(true);
    expect(isValidatorWording('TypeError: Cannot read properties of undefined')).toBe(true);
  });

  it("leaves every message the product writes alone (the spec's own included)", () => {
    const tables = Object.entries(domain).filter(([name]) => /MESSAGES$/.test(name));
    expect(tables.length).toBeGreaterThan(5);
    const matched = tables.flatMap(([, table]) => messagesOf(table)).filter(isValidatorWording);
    expect(matched).toEqual([]);
    expect(isValidatorWording('Invalid contest application')).toBe(false);
    expect(isValidatorWording('Invalid input.')).toBe(false);
  });
});
