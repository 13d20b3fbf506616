import { describe, expect, it } from 'vitest';
import { rememberJsonText, stringifyAnswer } from './json-text';

describe('stringifyAnswer', () => {
  it('writes what JSON.stringify writes, remembered values copied from their text', () => {
    const landing = Object.freeze({ hero: { title: 'Sit "better"' }, sections: ['a', 'b'] });
    rememberJsonText(landing);
    const answer = {
      id: 1,
      title: 'Chairs \u0000 and "quotes"',
      landing,
      skipped: undefined,
      nested: { landing },
      after: [landing, null],
    };
    expect(stringifyAnswer(answer)).toBe(JSON.stringify(answer));
    expect(stringifyAnswer([landing])).toBe(JSON.stringify([landing]));
    expect(stringifyAnswer(null)).toBe('null');
    expect(stringifyAnswer('text')).toBe('"text"');
  });

  it('cannot be steered by a client string that looks like its stand-in', () => {
    const video = Object.freeze({ min: 10 });
    rememberJsonText(video);
    const forged = { a: '\u00000', b: '\u0000' + 'x'.repeat(24) + '0', video };
    expect(stringifyAnswer(forged)).toBe(JSON.stringify(forged));
  });
});
