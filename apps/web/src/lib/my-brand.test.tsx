import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_ROLES, BRAND_ROLE_GRANTS, type BrandAction, type Role } from '@app/domain';
import { createTestQueryClient } from '../testing/render';
import { jsonResponse } from '../testing/http';
import { makeSession } from '../testing/fixtures';
import { sessionStore } from './session';
import { useBrandRole } from './my-brand';

const ACTIONS: BrandAction[] = ['read', 'review', 'score', 'manage', 'team'];

function renderAs(role: Role, brandRole = 'viewer') {
  sessionStore.set(makeSession({ role }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { id: 1, name: 'Hbada', role: brandRole })),
  );
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBrandRole(), { wrapper });
}

describe('useBrandRole: what the signed-in member’s brand role allows (issue 49)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it.each(BRAND_ROLES)(
    'a %s may what the domain grants it, once GET /api/brands/mine/ told the role',
    async (role) => {
      const { result } = renderAs('brand', role);
      // Nothing before the role is known.
      expect(result.current.ready).toBe(false);
      expect(ACTIONS.some((action) => result.current.may(action))).toBe(false);
      await waitFor(() => expect(result.current.ready).toBe(true));
      expect(ACTIONS.filter((action) => result.current.may(action))).toEqual(BRAND_ROLE_GRANTS[role]);
    },
  );

  it('staff are not limited by a brand role, and no brand is asked', () => {
    const { result } = renderAs('staff');
    expect(result.current).toMatchObject({ isBrand: false, ready: true });
    expect(ACTIONS.every((action) => result.current.may(action))).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});
