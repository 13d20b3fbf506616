import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { applicationErrorMessage } from '../api/apply-to-contest';
import { CHAIRS, tileStatus } from '../lib/chairs';

const [E3, X7, P2] = CHAIRS as [(typeof CHAIRS)[0], (typeof CHAIRS)[0], (typeof CHAIRS)[0]];

describe('product tile status (spec §4)', () => {
  it("is 'Loading...' first, then from the server, 'Status Unavailable' when missing", () => {
    expect(tileStatus(E3, { isPending: true, isError: false })).toEqual({ status: 'Loading...' });
    const data = [
      { id: 1, code: 'E3', name: 'E3 PRO', description: '', status: 'available' as const, stock_quantity: 3 },
      {
        id: 2,
        code: 'X7',
        name: 'X7 SMART',
        description: '',
        status: 'all_picked' as const,
        stock_quantity: 0,
      },
    ];
    expect(tileStatus(E3, { isPending: false, isError: false, data })).toEqual({
      status: 'Available',
      stock: 3,
    });
    expect(tileStatus(X7, { isPending: false, isError: false, data })).toEqual({
      status: 'All Picked!',
      stock: 0,
    });
    expect(tileStatus(P2, { isPending: false, isError: false, data })).toEqual({
      status: 'Status Unavailable',
    });
  });

  it('falls back to E3 Available, X7 All Picked!, P2 Available when the request fails', () => {
    const failed = { isPending: false, isError: true };
    expect([E3, X7, P2].map((chair) => tileStatus(chair, failed).status)).toEqual([
      'Available',
      'All Picked!',
      'Available',
    ]);
  });
});

describe('application error message (spec §8)', () => {
  it('prefers the detail, then terms_accepted, then contest, then the generic message', () => {
    expect(applicationErrorMessage(new ApiError(409, MESSAGES.application.alreadyApplied))).toBe(
      MESSAGES.application.alreadyApplied,
    );
    expect(applicationErrorMessage(new ApiError(400, '', { terms_accepted: ['x'] }))).toBe(
      MESSAGES.application.termsRequired,
    );
    expect(applicationErrorMessage(new ApiError(400, '', { contest: ['x'] }))).toBe(
      MESSAGES.application.invalidContest,
    );
    expect(applicationErrorMessage(new ApiError(400, ''))).toBe(MESSAGES.application.failed);
    expect(applicationErrorMessage(new ApiError(0, 'offline'))).toBe(MESSAGES.application.network);
  });
});
