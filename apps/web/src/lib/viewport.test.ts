import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breakpointFor, layoutFor, useViewport } from './viewport';

describe('viewport', () => {
  it('names the spec breakpoints', () => {
    expect([479, 480, 639, 640, 767, 768, 1023, 1024, 1279, 1280].map(breakpointFor)).toEqual([
      'xs',
      'sm',
      'sm',
      'md',
      'md',
      'lg',
      'lg',
      'xl',
      'xl',
      '2xl',
    ]);
  });

  it('classes mobile below 768, tablet 768–1023, desktop from 1024, and the sidebar mobile at 768 or narrower', () => {
    expect(layoutFor(767, 800)).toMatchObject({ isMobile: true, isTablet: false, isSidebarMobile: true });
    expect(layoutFor(768, 800)).toMatchObject({ isMobile: false, isTablet: true, isSidebarMobile: true });
    expect(layoutFor(769, 800)).toMatchObject({ isTablet: true, isSidebarMobile: false });
    expect(layoutFor(1024, 800)).toMatchObject({ isDesktop: true, isTablet: false, orientation: 'landscape' });
    expect(layoutFor(360, 740).orientation).toBe('portrait');
  });

  describe('useViewport', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('updates 16 ms after the last resize', () => {
      window.innerWidth = 1280;
      const { result } = renderHook(() => useViewport());
      expect(result.current.breakpoint).toBe('2xl');
      act(() => {
        window.innerWidth = 500;
        window.dispatchEvent(new Event('resize'));
      });
      act(() => vi.advanceTimersByTime(15));
      expect(result.current.breakpoint).toBe('2xl');
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.breakpoint).toBe('sm');
    });
  });
});
