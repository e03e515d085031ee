import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '@/testing';
import { FormControl, FormField, FormMessage } from './form-field';
import { Input, Textarea } from './input';

describe('FormField', () => {
  it('labels the control, marks it required with an asterisk and describes it', async () => {
    render(
      <FormField name="email" label="Email address" description="We send the sign-in link here." isRequired>
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We send the sign-in link here.');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.type(input, 'ada@example.com');
    expect(input).toHaveValue('ada@example.com');
  });

  it('shows the error below the control and marks it invalid', () => {
    render(
      <FormField name="name" label="Full Name" error="Name is required for sign up">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Full Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required for sign up');
    const error = screen.getByText('Name is required for sign up');
    // the error follows the control in the document
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('wires any control through FormControl', () => {
    render(
      <FormField name="message" label="Message" error="Too short">
        <FormControl>
          <textarea />
        </FormControl>
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets Input and Textarea work alone', () => {
    render(
      <>
        <Input aria-label="Alone" />
        <Textarea aria-label="Notes" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Alone' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBeInTheDocument();
  });

  it('throws when a field part is used outside its wrapper', () => {
    expectConsoleError(2);
    expect(() => render(<FormMessage>orphan</FormMessage>)).toThrow('useFormField should be used within <FormField>');
  });
});
