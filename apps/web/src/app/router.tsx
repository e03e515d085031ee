import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth';
import type { RouteHandle } from '@/lib/document-title';
import { paths, storyPath, unsubscribePath } from '@/lib/paths';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './route-error';
import { lazyRoute } from './lazy-route';
import { RouteLoading } from './route-loading';

// each route names its tab (the landing page has none: the product's own title)
const title = (name: string): RouteHandle => ({ title: name });

/**
 * The route table (docs/product/shell.md#route-table). Every screen is a lazy chunk (a feature's
 * `*-page.tsx`, whose default
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
          {
            path: paths.about,
            handle: title('About'),
            lazy: lazyRoute(() => import('@/features/marketing/about-page')),
          },
          {
            path: paths.contact,
            handle: title('Contact us'),
            lazy: lazyRoute(() => import('@/features/marketing/contact-page')),
          },
          {
            path: paths.services,
            handle: title('Services'),
            lazy: lazyRoute(() => import('@/features/marketing/services-page')),
          },
          {
            path: paths.careers,
            handle: title('Careers'),
            lazy: lazyRoute(() => import('@/features/marketing/careers-page')),
          },
          {
            path: paths.terms,
            handle: title('Terms of Service'),
            lazy: lazyRoute(() => import('@/features/marketing/terms-page')),
          },
          {
            path: paths.privacy,
            handle: title('Privacy Policy'),
            lazy: lazyRoute(() => import('@/features/marketing/privacy-page')),
          },
          { path: paths.faq, handle: title('FAQ'), lazy: lazyRoute(() => import('@/features/marketing/faq-page')) },
          {
            path: paths.resources,
            handle: title('Resources'),
            lazy: lazyRoute(() => import('@/features/marketing/resources-page')),
          },
          {
            // TanStack Query for everything below; the landing and static pages above do without it
            lazy: lazyRoute(() => import('./query-layout')),
            children: [
              {
                path: paths.stories,
                handle: title('Stories'),
                lazy: lazyRoute(() => import('@/features/stories/stories-page')),
              },
              {
                path: storyPath(':id'),
                handle: title('Story'),
                lazy: lazyRoute(() => import('@/features/stories/story-page')),
              },
              {
                path: paths.newsletterConfirm,
                handle: title('Newsletter'),
                lazy: lazyRoute(() => import('@/features/newsletter/newsletter-confirm-page')),
              },
              {
                path: unsubscribePath(':token'),
                handle: title('Unsubscribe'),
                lazy: lazyRoute(() => import('@/features/campaigns/unsubscribe-page')),
              },
              {
                path: paths.login,
                handle: title('Sign in'),
                lazy: lazyRoute(() => import('@/features/auth/login-page')),
              },
              {
                path: paths.uiDemo,
                handle: title('UI demo'),
                lazy: lazyRoute(() => import('@/features/demo/ui-demo-page')),
              },
              {
                path: paths.reactDemo,
                handle: title('React demo'),
                lazy: lazyRoute(() => import('@/features/demo/react-demo-page')),
              },
              {
                path: paths.devMailbox,
                handle: title('Dev mailbox'),
                lazy: lazyRoute(() => import('@/features/dev-mailbox/mailbox-page')),
              },
              {
                element: <RequireAuth />,
                children: [
                  {
                    path: paths.dashboard,
                    handle: title('Dashboard'),
                    lazy: lazyRoute(() => import('@/features/dashboard/dashboard-page'), {
                      firstReads: () => import('@/features/dashboard/reads'),
                    }),
                  },
                  {
                    path: paths.completeProfile,
                    handle: title('Complete your profile'),
                    lazy: lazyRoute(() => import('@/features/auth/complete-profile-page')),
                  },
                  {
                    path: paths.contentAccess,
                    handle: title('Content Access'),
                    lazy: lazyRoute(() => import('@/features/content/content-access-page'), {
                      firstReads: () => import('@/features/content/reads'),
                    }),
                  },
                  {
                    path: paths.achievements,
                    handle: title('Achievements'),
                    lazy: lazyRoute(() => import('@/features/achievements/achievements-page')),
                  },
                  {
                    path: paths.featureFlags,
                    handle: title('Feature test page'),
                    lazy: lazyRoute(() => import('@/features/settings/feature-flags-page')),
                  },
                  {
                    path: paths.analytics,
                    handle: title('Analytics'),
                    lazy: lazyRoute(() => import('@/features/analytics/analytics-page'), {
                      firstReads: () => import('@/features/analytics/reads'),
                    }),
                  },
                  {
                    path: paths.trades,
                    handle: title('Trading'),
                    lazy: lazyRoute(() => import('@/features/trading/trades-page'), {
                      firstReads: () => import('@/features/trading/reads'),
                    }),
                  },
                  {
                    path: paths.desk,
                    handle: title('Exporter desk'),
                    lazy: lazyRoute(() => import('@/features/desk/desk-page'), {
                      firstReads: () => import('@/features/desk/reads'),
                    }),
                  },
                  {
                    path: paths.profile,
                    handle: title('Profile'),
                    lazy: lazyRoute(() => import('@/features/auth/profile-page')),
                  },
                  {
                    path: paths.settings,
                    handle: title('Settings'),
                    lazy: lazyRoute(() => import('@/features/settings/settings-page')),
                  },
                ],
              },
              { path: '*', handle: title('Page not found'), lazy: lazyRoute(() => import('./not-found-page')) },
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
