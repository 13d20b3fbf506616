import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../testing/http';
import { ApiError, apiRequest } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

/** The failure apiRequest throws for one answer of the server. */
async function failureOf(answer: Response, method?: string): Promise<ApiError> {
  fetchMock.mockResolvedValueOnce(answer);
  const error = await apiRequest('/api/anything/', { auth: false, method }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API errors as people read them (issue 26)', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const refusedRole = 'Invalid option: expected one of "creator"|"brand"|"staff"';

  it("never shows a validator's wording: a refused filter reads as a sentence", async () => {
    const error = await failureOf(
      jsonResponse(400, { detail: refusedRole, code: 'validation', role: [refusedRole] }),
    );
    expect(error.userMessage()).toBe(MESSAGES.generic.requestNotAccepted);
    expect(error.message).toBe(MESSAGES.generic.requestNotAccepted);
    expect(error.fieldErrors()).toEqual({ role: [MESSAGES.generic.fieldNotAccepted] });
    expect(error.code).toBe('validation');
  });

  it('a refused form reads as a sentence about what was entered', async () => {
    const tooBig = 'Too big: expected string to have <=254 characters';
    const error = await failureOf(
      jsonResponse(400, { detail: tooBig, code: 'validation', email: [tooBig] }),
      'POST',
    );
    expect(error.userMessage()).toBe(MESSAGES.generic.inputNotAccepted);
  });

  it('never shows stack text', async () => {
    const stack = new TypeError('boom').stack!;
    const error = await failureOf(jsonResponse(400, { detail: stack, code: 'bad_request' }));
    expect(error.userMessage()).toBe(MESSAGES.generic.requestNotAccepted);
  });

  it('keeps the messages the product writes, field errors included', async () => {
    const error = await failureOf(
      jsonResponse(400, {
        detail: MESSAGES.application.invalidContest,
        code: 'validation',
        contest: ['Pick one.'],
      }),
      'POST',
    );
    expect(error.userMessage()).toBe(MESSAGES.application.invalidContest);
    expect(error.fieldErrors()).toEqual({ contest: ['Pick one.'] });
  });
});
