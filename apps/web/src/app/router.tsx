import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Role } from '@app/domain';
import { paths } from '../config/paths';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { RouteError } from '../components/route-error';
import { PageLoading } from '../components/page-loading';

type PageModule = { default: ComponentType };

/** Each page is its own chunk (route-level code splitting). */
function page(load: () => Promise<PageModule>, roles?: Role[] | 'any'): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { default: Page } = await load();
      if (!roles) return { Component: Page };
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
      { path: paths.home, ...page(() => import('./routes/marketing/home')) },
      { path: paths.howItWorks, ...page(() => import('./routes/marketing/how-it-works')) },
      { path: paths.hbadaSynergy, ...page(() => import('./routes/marketing/hbada-synergy')) },
      { path: paths.about, ...page(() => import('./routes/marketing/about')) },
      { path: paths.faq, ...page(() => import('./routes/marketing/faq')) },
      { path: paths.terms, ...page(() => import('./routes/marketing/terms')) },
      { path: paths.contact, ...page(() => import('./routes/marketing/contact')) },
      { path: paths.privacy, ...page(() => import('./routes/marketing/privacy')) },
      { path: paths.rules, ...page(() => import('./routes/marketing/rules')) },
      { path: paths.agreement, ...page(() => import('./routes/marketing/agreement')) },
      { path: paths.brand(), ...page(() => import('./routes/marketing/brand')) },

      { path: paths.login, ...page(() => import('./routes/auth/login')) },
      { path: paths.signup, ...page(() => import('./routes/auth/signup')) },
      { path: paths.register, element: <Navigate to={paths.signup} replace /> },
      { path: paths.logout, ...page(() => import('./routes/auth/logout')) },
      { path: paths.checkEmail, ...page(() => import('./routes/auth/check-email')) },
      { path: paths.verifyEmail(), ...page(() => import('./routes/auth/verify-email')) },
      { path: paths.verificationSuccess, ...page(() => import('./routes/auth/verification-success')) },
      { path: paths.verificationFailed, ...page(() => import('./routes/auth/verification-failed')) },
      { path: paths.resendVerification, ...page(() => import('./routes/auth/resend-verification')) },
      { path: paths.forgotPassword, ...page(() => import('./routes/auth/forgot-password')) },
      { path: paths.resetPassword(), ...page(() => import('./routes/auth/reset-password')) },

      { path: paths.creatorDashboard, ...page(() => import('./routes/dashboard/creator-dashboard'), ['creator']) },
      { path: paths.brandDashboard, ...page(() => import('./routes/dashboard/brand-dashboard'), ['brand']) },
      { path: paths.dashboard, ...page(() => import('./routes/dashboard/dashboard-redirect'), 'any') },
      { path: paths.profileSettings, ...page(() => import('./routes/dashboard/profile-settings'), ['creator']) },
      { path: paths.profile, ...page(() => import('./routes/dashboard/profile'), 'any') },

      { path: paths.videoList, ...page(() => import('./routes/videos/library')) },
      { path: paths.library, ...page(() => import('./routes/videos/library')) },
      { path: paths.video(), ...page(() => import('./routes/videos/video-detail')) },
      { path: paths.videos(), ...page(() => import('./routes/videos/video-detail')) },

      { path: paths.contests, ...page(() => import('./routes/contests/contest-list')) },
      { path: paths.contestCreate, ...page(() => import('./routes/contests/contest-create'), 'any') },
      { path: paths.contest(), ...page(() => import('./routes/contests/contest-detail')) },
      { path: paths.contestApply(), ...page(() => import('./routes/contests/contest-apply')) },
      { path: paths.contestSubmit(), ...page(() => import('./routes/contests/contest-submit')) },
      { path: paths.contestSubmissions(), ...page(() => import('./routes/contests/contest-submissions'), 'any') },

      { path: '*', ...page(() => import('./routes/marketing/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
