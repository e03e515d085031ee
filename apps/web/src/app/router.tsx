import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './route-error';
import { lazyRoute } from './lazy-route';
import { RouteLoading } from './route-loading';

/** The route table of spec 01 §2. Every screen is a lazy chunk; the shell is in the entry chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <MainLayout />,
    errorElement: <RouteError />,
    // shown only while the first lazy route module of the visit loads
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyRoute(() => import('@/features/landing/landing-page')) },
          { path: 'about', lazy: lazyRoute(() => import('@/features/pages/about-page')) },
          { path: 'contact', lazy: lazyRoute(() => import('@/features/pages/contact-page')) },
          { path: 'services', lazy: lazyRoute(() => import('@/features/pages/services-page')) },
          { path: 'careers', lazy: lazyRoute(() => import('@/features/pages/careers-page')) },
          { path: 'terms', lazy: lazyRoute(() => import('@/features/pages/terms-page')) },
          { path: 'privacy', lazy: lazyRoute(() => import('@/features/pages/privacy-page')) },
          { path: 'faq', lazy: lazyRoute(() => import('@/features/pages/faq-page')) },
          { path: 'resources', lazy: lazyRoute(() => import('@/features/pages/resources-page')) },
          {
            // TanStack Query for everything below; the landing and static pages above do without it
            lazy: lazyRoute(() => import('./query-layout')),
            children: [
              { path: 'stories', lazy: lazyRoute(() => import('@/features/stories/stories-page')) },
              { path: 'stories/:id', lazy: lazyRoute(() => import('@/features/stories/story-page')) },
              {
                path: 'newsletter/confirm',
                lazy: lazyRoute(() => import('@/features/newsletter/newsletter-confirm-page')),
              },
              { path: 'login', lazy: lazyRoute(() => import('@/features/auth/login-page')) },
              { path: 'ui-demo', lazy: lazyRoute(() => import('@/features/demo/ui-demo-page')) },
              { path: 'react-demo', lazy: lazyRoute(() => import('@/features/demo/react-demo-page')) },
              { path: 'dev/mailbox', lazy: lazyRoute(() => import('@/features/dev-mailbox/mailbox-page')) },
              {
                element: <RequireAuth />,
                children: [
                  { path: 'dashboard', lazy: lazyRoute(() => import('@/features/dashboard/dashboard-page')) },
                  { path: 'complete-profile', lazy: lazyRoute(() => import('@/features/auth/complete-profile-page')) },
                  { path: 'content-access', lazy: lazyRoute(() => import('@/features/content/content-access-page')) },
                  { path: 'achievements', lazy: lazyRoute(() => import('@/features/achievements/achievements-page')) },
                  { path: 'email-blaster', lazy: lazyRoute(() => import('@/features/email/email-blaster-page')) },
                  { path: 'analytics', lazy: lazyRoute(() => import('@/features/analytics/analytics-page')) },
                  { path: 'trades', lazy: lazyRoute(() => import('@/features/trading/trades-page')) },
                  { path: 'profile', lazy: lazyRoute(() => import('@/features/auth/complete-profile-page')) },
                  { path: 'settings', lazy: lazyRoute(() => import('@/features/settings/settings-page')) },
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
