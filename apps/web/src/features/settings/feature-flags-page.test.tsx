import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '@tp/shared';
import { readFlagOverrides } from '@/lib/feature-flags';
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

describe('/email-blaster feature flags', () => {
  it('turns a flag on for this browser over the server default, resets it, and shows the advanced dashboard refused without a license', async () => {
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
    renderApp(<FeatureFlagsPage />);
    const services = await screen.findByRole('switch', { name: /Enhanced services/ });
    // named for what it is, and first of all it says that it changes none of the user's data
    expect(screen.getByRole('heading', { level: 1, name: 'Feature test page' })).toBeInTheDocument();
    const about = screen.getByRole('note', { name: 'About this page' });
    expect(about).toHaveTextContent(TRY_OUT_TITLE);
    expect(about).toHaveTextContent('no e-mail is sent from here');
    expect(services).toHaveAttribute('aria-checked', 'false');
    // what each flag changes is said; a flag no screen reads says so rather than seeming to work
    expect(services).toHaveAccessibleDescription(
      /^Shows the dashboard's enhanced trading section · Server default: off/,
    );
    expect(screen.getByRole('switch', { name: 'E-mail composer' })).toHaveAccessibleDescription(
      /^No screen uses it yet · Server default:/,
    );
    await userEvent.click(services);
    expect(services).toHaveAttribute('aria-checked', 'true');
    expect(readFlagOverrides()).toEqual({ services: true });
    expect(screen.getByText('1 changed in this browser.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(services).toHaveAttribute('aria-checked', 'false');
    expect(readFlagOverrides()).toEqual({});
    expect(
      await screen.findByText(
        /The advanced-dashboard feature requires a commercial license\. Please upgrade to the Team plan/,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No license')).toBeInTheDocument();
  });
});
