import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { creatorName } from './judging.presenter';

describe('winners in public results', () => {
  it('are named by their name, never by a part of their e-mail address', () => {
    expect(creatorName({ creatorFirstName: 'Ada', creatorLastName: 'Lovelace' })).toBe('Ada Lovelace');
    const nameless = { creatorFirstName: ' ', creatorLastName: '', creatorEmail: 'jane.doe@example.com' };
    expect(creatorName(nameless)).toBe(MESSAGES.library.unknownCreator);
    expect(creatorName(nameless)).not.toContain('jane');
  });
});
