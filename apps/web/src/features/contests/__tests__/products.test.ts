import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { applicationErrorMessage } from '../api/apply-to-contest';
import { tileStatus } from '../lib/products';
import { makeContestProducts, makeProducts } from '../../../testing/fixtures';

const chairContestProducts = makeContestProducts();
const chairProducts = makeProducts();

const [E3, X7, P2] = chairContestProducts as [
  (typeof chairContestProducts)[0],
  (typeof chairContestProducts)[0],
  (typeof chairContestProducts)[0],
];

describe('product tile status (spec §4)', () => {
  it("is 'Loading...' first, then from the server, 'Status Unavailable' when missing", () => {
    expect(tileStatus(E3, { isPending: true, isError: false })).toEqual({ status: 'Loading...' });
    const data = chairProducts.slice(0, 2);
    expect(tileStatus(E3, { isPending: false, isError: false, data })).toEqual({
      status: 'Available',
      stock: 12,
    });
    expect(tileStatus(X7, { isPending: false, isError: false, data })).toEqual({
      status: 'All Picked!',
      stock: 0,
    });
    expect(tileStatus(P2, { isPending: false, isError: false, data })).toEqual({
      status: 'Status Unavailable',
    });
  });

  it("falls back to the contest's stored statuses when the request fails: E3 Available, X7 All Picked!, P2 Available", () => {
    const failed = { isPending: false, isError: true };
    expect([E3, X7, P2].map((product) => tileStatus(product, failed).status)).toEqual([
      'Available',
      'All Picked!',
      'Available',
    ]);
  });

  it("shows 'Status Unavailable' on failure for a product without a stored fallback", () => {
    expect(tileStatus({ id: 9, fallback_status: null }, { isPending: false, isError: true })).toEqual({
      status: 'Status Unavailable',
    });
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
