import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Avatar, initialsOf } from './avatar';

/** Radix loads the picture through `new Image()`; this one succeeds or fails on demand. */
class FakeImage {
  static instances: FakeImage[] = [];
  listeners: Record<string, (event: { currentTarget: FakeImage }) => void> = {};
  src = '';
  complete = false;
  naturalWidth = 0;
  referrerPolicy = '';
  crossOrigin: string | null = null;
  constructor() {
    FakeImage.instances.push(this);
  }
  addEventListener(type: string, fn: (event: { currentTarget: FakeImage }) => void) {
    this.listeners[type] = fn;
  }
  removeEventListener() {}
  fire(type: 'load' | 'error') {
    if (type === 'load') {
      this.complete = true;
      this.naturalWidth = 10;
    }
    this.listeners[type]?.({ currentTarget: this });
  }
}

beforeEach(() => {
  FakeImage.instances = [];
  vi.stubGlobal('Image', FakeImage);
});
afterEach(() => vi.unstubAllGlobals());

describe('Avatar', () => {
  it('computes initials of at most 2 characters', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('amina.okafor@example.com')).toHaveLength(2);
  });

  it('falls back to the initials when the image fails', () => {
    render(<Avatar name="Ada Lovelace" src="/broken.png" />);
    act(() => FakeImage.instances.at(-1)!.fire('error'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toHaveClass('sr-only');
  });

  it('shows the image once it has loaded', () => {
    render(<Avatar name="Ada Lovelace" src="/ada.png" />);
    act(() => FakeImage.instances.at(-1)!.fire('load'));
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/ada.png');
    expect(screen.queryByText('AL')).not.toBeInTheDocument();
  });
});
