import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { Role } from '@app/domain';
import { paths } from '../config/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from '../components/route-error';

type PageModule = { default: ComponentType };

/** The page modules by path ('./routes/marketing/home.tsx'); each is its own chunk. */
const pageModules = import.meta.glob<PageModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/** The page components already loaded, by module: a page whose code is here renders at once. */
const loadedPages = new Map<string, { default: ComponentType }>();

/**
 * A route whose page (`'marketing/home'`: `./routes/marketing/home.tsx`) loads on demand
 * (route-level code splitting). `handle.module` names the page module, so the prerendering step
 * can preload its chunks with the HTML and the browser can load it before hydrating
 * (`loadRouteModules`).
 *
 * The routes are declarative (`useRoutes`), not a data router: the data router's code (loaders,
 * actions, fetchers, its own lazy and scroll machinery) was a third of the entry chunk and no page
 * uses it (docs/benchmarks.md, JavaScript budget).
 */
function page(name: string, roles?: Role[] | 'any'): Pick<RouteObject, 'element' | 'handle'> {
  // Named without './routes/' and '.tsx' (59 routes: the entry chunk, the JavaScript budget of `/`).
  const module = `./routes/${name}.tsx`;
  if (!pageModules[module]) throw new Error(`router: no page module ${module}`);
  const Page = lazy(() => {
    const loaded = loadedPages.get(module);
    // Already loaded: a thenable that resolves at once lets React render the page without
    // suspending (hydration finds the same markup the prerendered HTML has).
    if (loaded) return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as never;
    return loadPage(module, roles).then(() => loadedPages.get(module)!);
  });
  return { handle: { module, roles }, element: <Page /> };
}

async function loadPage(module: string, roles?: Role[] | 'any'): Promise<void> {
  if (loadedPages.has(module)) return;
  const load = pageModules[module]!;
  if (!roles) {
    loadedPages.set(module, await load());
    return;
  }
  // Only signed-in pages need the guard: public pages' first load does not carry its code.
  const [{ default: Inner }, { RequireAuth }] = await Promise.all([load(), import('./require-auth')]);
  const allowed = roles === 'any' ? undefined : roles;
  loadedPages.set(module, {
    default: () => (
      <RequireAuth roles={allowed}>
        <Inner />
      </RequireAuth>
    ),
  });
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, ...page('marketing/home') },
      { path: paths.howItWorks, ...page('marketing/how-it-works') },
      { path: paths.hbadaSynergy, ...page('marketing/hbada-synergy') },
      { path: paths.about, ...page('marketing/about') },
      { path: paths.faq, ...page('marketing/faq') },
      { path: paths.terms, ...page('marketing/terms') },
      { path: paths.contact, ...page('marketing/contact') },
      { path: paths.privacy, ...page('marketing/privacy') },
      { path: paths.rules, ...page('marketing/rules') },
      { path: paths.agreement, ...page('marketing/agreement') },
      { path: paths.brand(), ...page('marketing/brand') },

      { path: paths.login, ...page('auth/login') },
      { path: paths.signup, ...page('auth/signup') },
      { path: paths.register, element: <Navigate to={paths.signup} replace /> },
      { path: paths.logout, ...page('auth/logout') },
      { path: paths.checkEmail, ...page('auth/check-email') },
      { path: paths.verifyEmail(), ...page('auth/verify-email') },
      { path: paths.verificationSuccess, ...page('auth/verification-success') },
      { path: paths.verificationFailed, ...page('auth/verification-failed') },
      { path: paths.resendVerification, ...page('auth/resend-verification') },
      { path: paths.forgotPassword, ...page('auth/forgot-password') },
      { path: paths.resetPassword(), ...page('auth/reset-password') },
      { path: paths.invitation(), ...page('auth/accept-invitation') },
      { path: paths.changePassword, ...page('auth/change-password', 'any') },

      { path: paths.creatorDashboard, ...page('dashboard/creator-dashboard', ['creator']) },
      { path: paths.brandDashboard, ...page('dashboard/brand-dashboard', ['brand', 'staff']) },
      { path: paths.brandTeam, ...page('dashboard/brand-team', ['brand']) },
      { path: paths.dashboard, ...page('dashboard/dashboard-redirect', 'any') },
      { path: paths.profileSettings, ...page('dashboard/profile-settings', ['creator']) },
      { path: paths.profile, ...page('dashboard/profile', 'any') },
      { path: paths.notifications, ...page('dashboard/notifications', 'any') },
      { path: paths.messages, ...page('dashboard/messages', 'any') },
      { path: paths.unsubscribe(), ...page('auth/unsubscribe') },

      { path: paths.videoList, ...page('videos/library') },
      { path: paths.library, ...page('videos/library') },
      { path: paths.video(), ...page('videos/video-detail') },
      { path: paths.videos(), ...page('videos/video-detail') },

      { path: paths.contests, ...page('contests/contest-list') },
      { path: paths.contestCreate, ...page('contests/contest-create', ['staff', 'brand']) },
      { path: paths.contestEdit(), ...page('contests/contest-edit', ['staff', 'brand']) },
      {
        path: paths.contestApplications(),
        ...page('contests/contest-applications', ['staff', 'brand']),
      },
      { path: paths.contest(), ...page('contests/contest-detail') },
      { path: paths.contestApply(), ...page('contests/contest-apply') },
      { path: paths.contestVote(), ...page('contests/contest-vote') },
      {
        path: paths.contestAudience(),
        ...page('contests/contest-audience', ['staff', 'brand']),
      },
      { path: paths.contestSubmit(), ...page('contests/contest-submit', ['creator']) },
      {
        path: paths.contestSubmissions(),
        ...page('contests/contest-submissions', ['staff', 'brand']),
      },
      { path: paths.contestJudging(), ...page('judging/contest-judging', ['staff', 'brand']) },
      {
        path: paths.contestInsights(),
        ...page('contests/contest-insights', ['staff', 'brand']),
      },
      { path: paths.scorecard(), ...page('judging/scorecard', ['creator', 'staff']) },
      { path: paths.entry(), ...page('entries/entry', 'any') },
      { path: paths.entryDelivery(), ...page('entries/entry-delivery', ['staff', 'brand']) },
      { path: paths.licenceVerify(), ...page('licences/licence-verify') },

      // The staff console: its pages are chunks of their own, loaded only by staff.
      { path: paths.staff, ...page('staff/console-home', ['staff']) },
      { path: paths.staffReview, ...page('staff/review-queue', ['staff']) },
      { path: paths.staffAccounts, ...page('staff/accounts', ['staff']) },
      { path: paths.staffAudit, ...page('staff/audit-log', ['staff']) },
      { path: paths.staffPayouts, ...page('staff/payouts', ['staff']) },
      { path: paths.staffInsights, ...page('staff/insights', ['staff']) },

      { path: '*', ...page('marketing/not-found') },
    ],
  },
];

/**
 * Loads the page modules of the routes matching `pathname`, so the first render of a prerendered
 * page is the page itself (the same markup as the HTML being hydrated), not the loading spinner.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const handle = route.handle as { module?: string; roles?: Role[] | 'any' } | undefined;
      return handle?.module ? loadPage(handle.module, handle.roles) : undefined;
    }),
  );
}

/** The page modules of the routes matching `pathname` ('./routes/marketing/home.tsx'). */
export function routeModules(pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const module = (route.handle as { module?: unknown } | undefined)?.module;
    return typeof module === 'string' ? [module] : [];
  });
}

/** Shows the error page when a page throws or its code fails to load; a new location clears it. */
class RouteErrorBoundary extends Component<{ children: ReactNode; location: string }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override componentDidUpdate(previous: { location: string }) {
    if (previous.location !== this.props.location && this.state.error) this.setState({ error: false });
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** The app's pages for the current location (inside a BrowserRouter or StaticRouter). */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location.pathname}>{element}</RouteErrorBoundary>;
}
