import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('Avatar', () => {
  it('computes initials of at most 2 characters', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('amina.okafor@example.com')).toHaveLength(2);
  });

  it('shows the initials while the image loads and falls back to them when it fails', () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/broken.png" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toHaveClass('sr-only');
  });

  it('shows the image once it has loaded', () => {
    const { container } = render(<Avatar name="Ada Lovelace" src="/ada.png" />);
    fireEvent.load(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
    expect(screen.queryByText('AL')).not.toBeInTheDocument();
  });

  it('is hidden from assistive technology when the name is shown beside it', () => {
    const { container } = render(<Avatar name="Ada Lovelace" decorative />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.firstElementChild).toHaveTextContent(/^AL$/);
  });
});
