import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '@tp/shared';
import { paths } from '@/lib/paths';
import {
  apiError,
  buildCompleteUser,
  buildLicenseState,
  buildPublicConfig,
  mockApi,
  renderApp,
  signedInAs,
} from '@/testing';
import { TRY_OUT_TITLE } from '@/ui/try-out-notice';
import FeatureFlagsPage from './feature-flags-page';

const aboutThisPage = () => screen.getByRole('note', { name: 'About this page' });

describe('the feature test page says what it is', () => {
  it('/email-blaster: named for what it is, and says the switches change this browser only', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/config': { body: buildPublicConfig() },
      'GET /api/me/license': { body: buildLicenseState() },
      'GET /api/me/license/features/advanced-dashboard': apiError(
        403,
        LICENSE_MESSAGES.featureNotLicensed('advanced-dashboard'),
        { code: 'FEATURE_NOT_LICENSED' },
      ),
    });
    renderApp(<FeatureFlagsPage />, { path: paths.emailBlaster });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feature test page' })).toBeInTheDocument();
    expect(aboutThisPage()).toHaveTextContent(TRY_OUT_TITLE);
    expect(aboutThisPage()).toHaveTextContent('no e-mail is sent from here');
    await screen.findByRole('switch', { name: /Enhanced services/ });
  });
});
