import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth';
import { paths, storyPath, unsubscribePath } from '@/lib/paths';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './route-error';
import { lazyRoute } from './lazy-route';
import { RouteLoading } from './route-loading';

/**
 * The route table of spec 01 §2. Every screen is a lazy chunk (a feature's `*-page.tsx`, whose default
 * export is the page); the shell is in the entry chunk.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <MainLayout />,
    errorElement: <RouteError />,
    // shown only while the first lazy route module of the visit loads
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyRoute(() => import('@/features/marketing/landing-page')) },
          { path: paths.about, lazy: lazyRoute(() => import('@/features/marketing/about-page')) },
          { path: paths.contact, lazy: lazyRoute(() => import('@/features/marketing/contact-page')) },
          { path: paths.services, lazy: lazyRoute(() => import('@/features/marketing/services-page')) },
          { path: paths.careers, lazy: lazyRoute(() => import('@/features/marketing/careers-page')) },
          { path: paths.terms, lazy: lazyRoute(() => import('@/features/marketing/terms-page')) },
          { path: paths.privacy, lazy: lazyRoute(() => import('@/features/marketing/privacy-page')) },
          { path: paths.faq, lazy: lazyRoute(() => import('@/features/marketing/faq-page')) },
          { path: paths.resources, lazy: lazyRoute(() => import('@/features/marketing/resources-page')) },
          {
            // TanStack Query for everything below; the landing and static pages above do without it
            lazy: lazyRoute(() => import('./query-layout')),
            children: [
              { path: paths.stories, lazy: lazyRoute(() => import('@/features/stories/stories-page')) },
              { path: storyPath(':id'), lazy: lazyRoute(() => import('@/features/stories/story-page')) },
              {
                path: paths.newsletterConfirm,
                lazy: lazyRoute(() => import('@/features/newsletter/newsletter-confirm-page')),
              },
              {
                path: unsubscribePath(':token'),
                lazy: lazyRoute(() => import('@/features/campaigns/unsubscribe-page')),
              },
              { path: paths.login, lazy: lazyRoute(() => import('@/features/auth/login-page')) },
              { path: paths.uiDemo, lazy: lazyRoute(() => import('@/features/demo/ui-demo-page')) },
              { path: paths.reactDemo, lazy: lazyRoute(() => import('@/features/demo/react-demo-page')) },
              { path: paths.devMailbox, lazy: lazyRoute(() => import('@/features/dev-mailbox/mailbox-page')) },
              {
                element: <RequireAuth />,
                children: [
                  { path: paths.dashboard, lazy: lazyRoute(() => import('@/features/dashboard/dashboard-page')) },
                  {
                    path: paths.completeProfile,
                    lazy: lazyRoute(() => import('@/features/auth/complete-profile-page')),
                  },
                  {
                    path: paths.contentAccess,
                    lazy: lazyRoute(() => import('@/features/content/content-access-page')),
                  },
                  {
                    path: paths.achievements,
                    lazy: lazyRoute(() => import('@/features/achievements/achievements-page')),
                  },
                  { path: paths.emailBlaster, lazy: lazyRoute(() => import('@/features/settings/feature-flags-page')) },
                  { path: paths.analytics, lazy: lazyRoute(() => import('@/features/analytics/analytics-page')) },
                  { path: paths.trades, lazy: lazyRoute(() => import('@/features/trading/trades-page')) },
                  { path: paths.profile, lazy: lazyRoute(() => import('@/features/auth/complete-profile-page')) },
                  { path: paths.settings, lazy: lazyRoute(() => import('@/features/settings/settings-page')) },
                ],
              },
              { path: '*', lazy: lazyRoute(() => import('./not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
