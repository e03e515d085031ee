import { useEffect, useState } from 'react';
import { BREAKPOINTS, SIDEBAR, VIEWPORT_DEBOUNCE_MS, type BreakpointName } from '@tp/shared';

export interface LayoutInfo {
  width: number;
  height: number;
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  orientation: 'portrait' | 'landscape';
  breakpoint: BreakpointName;
  /** The sidebar's own threshold: closed and shown as an overlay at 768 px or narrower. */
  isSidebarMobile: boolean;
}

export function breakpointFor(width: number): BreakpointName {
  if (width < BREAKPOINTS.xs) return 'xs';
  if (width < BREAKPOINTS.sm) return 'sm';
  if (width < BREAKPOINTS.md) return 'md';
  if (width < BREAKPOINTS.lg) return 'lg';
  if (width < BREAKPOINTS.xl) return 'xl';
  return '2xl';
}

export function layoutFor(width: number, height: number): LayoutInfo {
  return {
    width,
    height,
    isMobile: width < BREAKPOINTS.md,
    isTablet: width >= BREAKPOINTS.md && width < BREAKPOINTS.lg,
    isDesktop: width >= BREAKPOINTS.lg,
    orientation: height > width ? 'portrait' : 'landscape',
    breakpoint: breakpointFor(width),
    isSidebarMobile: width <= SIDEBAR.mobileMaxWidth,
  };
}

const current = () =>
  typeof window === 'undefined' ? layoutFor(1280, 800) : layoutFor(window.innerWidth, window.innerHeight);

/** The viewport, updated at most every 16 ms while resizing. */
export function useViewport(): LayoutInfo {
  const [info, setInfo] = useState(current);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setInfo(current()), VIEWPORT_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
    };
  }, []);
  return info;
}
