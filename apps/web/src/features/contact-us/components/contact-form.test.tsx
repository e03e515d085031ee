import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_SUBJECT, EMAIL_MAX_LENGTH } from '@tp/shared';
import { apiError, mockApi, networkFailure, renderApp } from '@/testing';
import { ContactForm } from './contact-form';

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada Exporter');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Message'), 'Do you cover cocoa futures?');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm', () => {
  it('requires name, a valid email and message (browser validation)', () => {
    renderApp(<ContactForm />);
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message')).toBeRequired();
  });

  it('goes idle → "Sending..." → success, which replaces the form', async () => {
    let release!: () => void;
    const calls = mockApi({
      'POST /api/email/send/contact': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { success: true, message: 'Thank you! Your message has been sent.' } });
        }),
    });
    const user = userEvent.setup();
    renderApp(<ContactForm source="landing" />);
    await fillAndSend(user);

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you! Your message has been sent.');
    expect(screen.queryByRole('form', { name: 'Contact form' })).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      key: 'POST /api/email/send/contact',
      body: {
        name: 'Ada Exporter',
        email: 'ada@example.com',
        message: 'Do you cover cocoa futures?',
        subject: CONTACT_SUBJECT,
        source: 'landing',
      },
    });
  });

  it("shows the server's message when the server refuses", async () => {
    mockApi({
      'POST /api/email/send/contact': () => ({
        status: 429,
        body: { success: false, error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
      }),
    });
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("shows a 400's message under the field it names, not the server's combined message", async () => {
    mockApi({
      'POST /api/email/send/contact': apiError(400, 'Invalid request: email: Please enter a valid email address', {
        code: 'VALIDATION_FAILED',
        details: [{ field: 'email', message: 'Please enter a valid email address' }],
      }),
    });
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fillAndSend(user);
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(email).toHaveFocus();
    expect(screen.queryByText(/Invalid request/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('carries the contract’s lengths on its inputs', () => {
    renderApp(<ContactForm />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', String(CONTACT_LIMITS.nameMax));
    expect(screen.getByLabelText('Email')).toHaveAttribute('maxLength', String(EMAIL_MAX_LENGTH));
    expect(screen.getByLabelText('Message')).toHaveAttribute('maxLength', String(CONTACT_LIMITS.messageMax));
  });

  it('uses the spec fallback when the answer says success: false without a message', async () => {
    mockApi({ 'POST /api/email/send/contact': () => ({ body: { success: false, message: '' } }) });
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
  });

  it('says "contact us directly" when the request itself fails', async () => {
    mockApi({ 'POST /api/email/send/contact': networkFailure });
    const user = userEvent.setup();
    renderApp(<ContactForm />);
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again or contact us directly.',
    );
  });
});
