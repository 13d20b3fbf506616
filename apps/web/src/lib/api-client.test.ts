import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse } from '../testing/http';
import { ApiError, apiRequest, refreshSession } from './api-client';
import { sessionStore } from './session';

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

describe('renewing the session after a reload', () => {
  const user = {
    id: 7,
    email: 'noor@example.com',
    role: 'creator' as const,
    first_name: 'Noor',
    last_name: 'H',
  };
  // Concurrent callers share one refresh until the task after it ends: each call here is a new one.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  beforeEach(async () => {
    await nextTask();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // A reload: the tab knows who is signed in, the access token (memory only) is gone.
    sessionStore.set({ access: '', refresh: '', user } as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('ends the session when the server refuses the refresh cookie, or it is gone', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { detail: 'Token is invalid or expired', code: 'not_authenticated' }),
    );
    expect(await refreshSession()).toBe(false);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    sessionStore.set({ access: '', refresh: '', user } as never);
    await nextTask();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { code: 'validation', refresh: ['This field is required.'] }),
    );
    expect(await refreshSession()).toBe(false);
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the session when the server could not answer (5xx, rate limit)', async () => {
    for (const status of [503, 429]) {
      await nextTask();
      fetchMock.mockResolvedValueOnce(jsonResponse(status, { detail: 'Try again later.' }));
      expect(await refreshSession()).toBe(false);
      expect(sessionStore.get()?.user).toEqual(user);
    }
  });

  it('keeps the session when the refresh got no answer (the page was left mid-request, the network dropped)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await refreshSession()).toBe(false);
    expect(sessionStore.get()?.user).toEqual(user);
    // The request that needed it says the network failed, and the next one tries again.
    await nextTask();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiRequest('/api/creator/dashboard/').catch((e: unknown) => e);
    expect((error as ApiError).userMessage()).toBe(MESSAGES.dashboard.networkError);
    expect(sessionStore.get()?.user).toEqual(user);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { access: 'fresh' }));
    await nextTask();
    expect(await refreshSession()).toBe(true);
    expect(sessionStore.get()?.access).toBe('fresh');
  });
});
