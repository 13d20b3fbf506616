import { describe, expect, it } from 'vitest';
import { SECRET_PAGE_ROUTES, SECRET_PARAM_NAMES } from '@app/domain';
import { routes } from './router';

/** Every page path of the app, as the server's page list gets it (entry-server.tsx's ROUTE_PATHS). */
const pagePaths = routes
  .flatMap((route) => (route.children ?? []).map((child) => child.path ?? ''))
  .filter(Boolean);

describe('pages whose path carries a secret', () => {
  it('are all in the shared list the server masks in its logs', () => {
    const secretParam = new RegExp(`/:(${SECRET_PARAM_NAMES.join('|')})(/|$)`);
    const withSecrets = pagePaths.filter((path) => secretParam.test(path));
    expect(withSecrets).toContain('/invitations/:token');
    const listed = SECRET_PAGE_ROUTES.map(([route]) => route);
    for (const path of withSecrets) expect(listed, path).toContain(path);
  });

  it('name only parameters the route really has', () => {
    for (const [route, secrets] of SECRET_PAGE_ROUTES) {
      expect(pagePaths, route).toContain(route);
      for (const name of secrets) expect(route.split('/'), route).toContain(`:${name}`);
    }
  });
});
