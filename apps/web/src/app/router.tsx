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
 * A route whose page loads on demand (route-level code splitting). `handle.module` names the page
 * module, so the prerendering step can preload its chunks with the HTML and the browser can load
 * it before hydrating (`loadRouteModules`).
 *
 * The routes are declarative (`useRoutes`), not a data router: the data router's code (loaders,
 * actions, fetchers, its own lazy and scroll machinery) was a third of the entry chunk and no page
 * uses it (docs/benchmarks.md, JavaScript budget).
 */
function page(module: string, roles?: Role[] | 'any'): Pick<RouteObject, 'element' | 'handle'> {
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
      { path: paths.home, ...page('./routes/marketing/home.tsx') },
      { path: paths.howItWorks, ...page('./routes/marketing/how-it-works.tsx') },
      { path: paths.hbadaSynergy, ...page('./routes/marketing/hbada-synergy.tsx') },
      { path: paths.about, ...page('./routes/marketing/about.tsx') },
      { path: paths.faq, ...page('./routes/marketing/faq.tsx') },
      { path: paths.terms, ...page('./routes/marketing/terms.tsx') },
      { path: paths.contact, ...page('./routes/marketing/contact.tsx') },
      { path: paths.privacy, ...page('./routes/marketing/privacy.tsx') },
      { path: paths.rules, ...page('./routes/marketing/rules.tsx') },
      { path: paths.agreement, ...page('./routes/marketing/agreement.tsx') },
      { path: paths.brand(), ...page('./routes/marketing/brand.tsx') },

      { path: paths.login, ...page('./routes/auth/login.tsx') },
      { path: paths.signup, ...page('./routes/auth/signup.tsx') },
      { path: paths.register, element: <Navigate to={paths.signup} replace /> },
      { path: paths.logout, ...page('./routes/auth/logout.tsx') },
      { path: paths.checkEmail, ...page('./routes/auth/check-email.tsx') },
      { path: paths.verifyEmail(), ...page('./routes/auth/verify-email.tsx') },
      { path: paths.verificationSuccess, ...page('./routes/auth/verification-success.tsx') },
      { path: paths.verificationFailed, ...page('./routes/auth/verification-failed.tsx') },
      { path: paths.resendVerification, ...page('./routes/auth/resend-verification.tsx') },
      { path: paths.forgotPassword, ...page('./routes/auth/forgot-password.tsx') },
      { path: paths.resetPassword(), ...page('./routes/auth/reset-password.tsx') },
      { path: paths.invitation(), ...page('./routes/auth/accept-invitation.tsx') },
      { path: paths.changePassword, ...page('./routes/auth/change-password.tsx', 'any') },

      { path: paths.creatorDashboard, ...page('./routes/dashboard/creator-dashboard.tsx', ['creator']) },
      { path: paths.brandDashboard, ...page('./routes/dashboard/brand-dashboard.tsx', ['brand', 'staff']) },
      { path: paths.brandTeam, ...page('./routes/dashboard/brand-team.tsx', ['brand']) },
      { path: paths.dashboard, ...page('./routes/dashboard/dashboard-redirect.tsx', 'any') },
      { path: paths.profileSettings, ...page('./routes/dashboard/profile-settings.tsx', ['creator']) },
      { path: paths.profile, ...page('./routes/dashboard/profile.tsx', 'any') },
      { path: paths.notifications, ...page('./routes/dashboard/notifications.tsx', 'any') },
      { path: paths.messages, ...page('./routes/dashboard/messages.tsx', 'any') },
      { path: paths.unsubscribe(), ...page('./routes/auth/unsubscribe.tsx') },

      { path: paths.videoList, ...page('./routes/videos/library.tsx') },
      { path: paths.library, ...page('./routes/videos/library.tsx') },
      { path: paths.video(), ...page('./routes/videos/video-detail.tsx') },
      { path: paths.videos(), ...page('./routes/videos/video-detail.tsx') },

      { path: paths.contests, ...page('./routes/contests/contest-list.tsx') },
      { path: paths.contestCreate, ...page('./routes/contests/contest-create.tsx', ['staff', 'brand']) },
      { path: paths.contestEdit(), ...page('./routes/contests/contest-edit.tsx', ['staff', 'brand']) },
      {
        path: paths.contestApplications(),
        ...page('./routes/contests/contest-applications.tsx', ['staff', 'brand']),
      },
      { path: paths.contest(), ...page('./routes/contests/contest-detail.tsx') },
      { path: paths.contestApply(), ...page('./routes/contests/contest-apply.tsx') },
      { path: paths.contestVote(), ...page('./routes/contests/contest-vote.tsx') },
      {
        path: paths.contestAudience(),
        ...page('./routes/contests/contest-audience.tsx', ['staff', 'brand']),
      },
      { path: paths.contestSubmit(), ...page('./routes/contests/contest-submit.tsx', ['creator']) },
      {
        path: paths.contestSubmissions(),
        ...page('./routes/contests/contest-submissions.tsx', ['staff', 'brand']),
      },
      { path: paths.contestJudging(), ...page('./routes/judging/contest-judging.tsx', ['staff', 'brand']) },
      {
        path: paths.contestInsights(),
        ...page('./routes/contests/contest-insights.tsx', ['staff', 'brand']),
      },
      { path: paths.scorecard(), ...page('./routes/judging/scorecard.tsx', ['creator', 'staff']) },
      { path: paths.entry(), ...page('./routes/entries/entry.tsx', 'any') },
      { path: paths.entryDelivery(), ...page('./routes/entries/entry-delivery.tsx', ['staff', 'brand']) },
      { path: paths.licenceVerify(), ...page('./routes/licences/licence-verify.tsx') },

      // The staff console: its pages are chunks of their own, loaded only by staff.
      { path: paths.staff, ...page('./routes/staff/console-home.tsx', ['staff']) },
      { path: paths.staffReview, ...page('./routes/staff/review-queue.tsx', ['staff']) },
      { path: paths.staffAccounts, ...page('./routes/staff/accounts.tsx', ['staff']) },
      { path: paths.staffAudit, ...page('./routes/staff/audit-log.tsx', ['staff']) },
      { path: paths.staffPayouts, ...page('./routes/staff/payouts.tsx', ['staff']) },
      { path: paths.staffInsights, ...page('./routes/staff/insights.tsx', ['staff']) },

      { path: '*', ...page('./routes/marketing/not-found.tsx') },
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
