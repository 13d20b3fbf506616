import { describe, expect, it } from 'vitest';
import { makeContest } from '../../../testing/fixtures';
import { contestFormErrors, contestToValues, newContestValues, valuesToBody } from './contest-form-values';

describe('contest form: approvals required (issue 49)', () => {
  it('starts at 0 for a new contest and carries a contest’s number into the body', () => {
    expect(valuesToBody(newContestValues(1)).approvals_required).toBe(0);
    const values = contestToValues(makeContest({ approvals_required: 3 }));
    expect(values.approvals_required).toBe('3');
    expect(valuesToBody(values).approvals_required).toBe(3);
  });

  it('refuses more than 5 and an empty field with the domain’s message', () => {
    const values = newContestValues(1);
    expect(contestFormErrors({ ...values, approvals_required: '6' }).approvals_required).toBe(
      'Between 0 and 5 approvals.',
    );
    expect(contestFormErrors({ ...values, approvals_required: '' }).approvals_required).toBe(
      'Between 0 and 5 approvals.',
    );
    expect(contestFormErrors({ ...values, approvals_required: '2' }).approvals_required).toBeUndefined();
  });
});
