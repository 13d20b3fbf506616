import { describe, expect, it } from 'vitest';
import { toPrefixTsQuery } from './search-query';

describe('toPrefixTsQuery', () => {
  it('makes every word a prefix and joins words with AND', () => {
    expect(toPrefixTsQuery('Cinematic chair')).toBe("'cinematic':* & 'chair':*");
  });
  it('keeps websearch syntax: phrases, exclusions and or', () => {
    expect(toPrefixTsQuery('"golden hour" -night or desk')).toBe(
      "('golden':* <-> 'hour':*) & !('night':*) | 'desk':*",
    );
  });
  it('drops everything that is not a letter or digit', () => {
    expect(toPrefixTsQuery("'; DROP TABLE videos; -- ")).toBe("'drop':* & 'table':* & 'videos':*");
    expect(toPrefixTsQuery('a:* & !b | (c')).toBe("'a':* & 'b':* & 'c':*");
    expect(toPrefixTsQuery('🎬🔥')).toBeNull();
    expect(toPrefixTsQuery('   ')).toBeNull();
    expect(toPrefixTsQuery('-only')).toBeNull();
  });
  it('bounds long input', () => {
    const query = toPrefixTsQuery('x'.repeat(500) + ' y'.repeat(200))!;
    expect(query.split('&')).toHaveLength(16);
    expect(query.length).toBeLessThan(16 * 80);
  });
});
