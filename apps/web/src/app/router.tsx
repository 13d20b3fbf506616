import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { Role } from '@app/domain';
import { paths } from '../config/paths';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from '../components/route-error';
import { PageLoading } from '../components/page-loading';

type PageModule = { default: ComponentType };

/** The page modules by path ('./routes/marketing/home.tsx'); each is its own chunk. */
const pageModules = import.meta.glob<PageModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/**
 * A route whose page loads on demand (route-level code splitting). `handle.module` names the page
 * module, so the prerendering step can preload its chunks with the HTML.
 */
function page(module: string, roles?: Role[] | 'any'): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[module];
  if (!load) throw new Error(`router: no page module ${module}`);
  return {
    handle: { module },
    lazy: async () => {
      if (!roles) return { Component: (await load()).default };
      // Only signed-in pages need the guard: public pages' first load does not carry its code.
      const [{ default: Page }, { RequireAuth }] = await Promise.all([load(), import('./require-auth')]);
      const allowed = roles === 'any' ? undefined : roles;
      return {
        Component: () => (
          <RequireAuth roles={allowed}>
            <Page />
          </RequireAuth>
        ),
      };
    },
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads.
    HydrateFallback: PageLoading,
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
      { path: paths.dashboard, ...page('./routes/dashboard/dashboard-redirect.tsx', 'any') },
      { path: paths.profileSettings, ...page('./routes/dashboard/profile-settings.tsx', ['creator']) },
      { path: paths.profile, ...page('./routes/dashboard/profile.tsx', 'any') },

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
      { path: paths.contestSubmit(), ...page('./routes/contests/contest-submit.tsx', ['creator']) },
      {
        path: paths.contestSubmissions(),
        ...page('./routes/contests/contest-submissions.tsx', ['staff', 'brand']),
      },
      { path: paths.contestJudging(), ...page('./routes/judging/contest-judging.tsx', ['staff', 'brand']) },
      { path: paths.scorecard(), ...page('./routes/judging/scorecard.tsx', ['creator', 'staff']) },
      { path: paths.entry(), ...page('./routes/entries/entry.tsx', 'any') },

      // The staff console: its pages are chunks of their own, loaded only by staff.
      { path: paths.staff, ...page('./routes/staff/console-home.tsx', ['staff']) },
      { path: paths.staffReview, ...page('./routes/staff/review-queue.tsx', ['staff']) },
      { path: paths.staffAccounts, ...page('./routes/staff/accounts.tsx', ['staff']) },
      { path: paths.staffAudit, ...page('./routes/staff/audit-log.tsx', ['staff']) },
      { path: paths.staffPayouts, ...page('./routes/staff/payouts.tsx', ['staff']) },

      { path: '*', ...page('./routes/marketing/not-found.tsx') },
    ],
  },
];

/**
 * Loads the page modules of the routes matching `pathname` and puts them on the route objects, so
 * the first render of a prerendered page is the page itself (the same markup as the HTML being
 * hydrated), not the HydrateFallback shown while a lazy route loads.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
