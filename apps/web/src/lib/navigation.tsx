import { createContext, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useViewport } from './viewport';

/** A navigation entry (spec 02 §3). */
export interface NavigationItem {
  id: string;
  label: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  badge?: string | number;
  href?: string;
  disabled?: boolean;
  children?: NavigationItem[];
  onClick?: () => void;
}

/** Sidebar state (spec 02 §3): open, mobile flag, active section (dashboard), pinned items (dashboard). */
export interface NavigationState {
  isOpen: boolean;
  isMobile: boolean;
  activeSection: string;
  pinnedItems: string[];
}

export interface NavigationApi extends NavigationState {
  open(): void;
  close(): void;
  toggle(): void;
  setActiveSection(id: string): void;
  togglePinned(id: string): void;
}

const NavigationContext = createContext<NavigationApi | null>(null);

export function NavigationProvider({
  children,
  defaultSection = 'dashboard',
  defaultPinned = ['dashboard'],
}: {
  children: ReactNode;
  defaultSection?: string;
  defaultPinned?: string[];
}) {
  const { isSidebarMobile } = useViewport();
  const [isOpen, setOpen] = useState(!isSidebarMobile);
  const [activeSection, setActiveSection] = useState(defaultSection);
  const [pinnedItems, setPinned] = useState(defaultPinned);

  // at 768 px or narrower the sidebar closes by itself (and opens again on wide screens)
  useEffect(() => setOpen(!isSidebarMobile), [isSidebarMobile]);

  const value = useMemo<NavigationApi>(
    () => ({
      isOpen,
      isMobile: isSidebarMobile,
      activeSection,
      pinnedItems,
      open: () => setOpen(true),
      close: () => setOpen(false),
      toggle: () => setOpen((o) => !o),
      setActiveSection,
      togglePinned: (id) => setPinned((list) => (list.includes(id) ? list.filter((p) => p !== id) : [...list, id])),
    }),
    [isOpen, isSidebarMobile, activeSection, pinnedItems],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** Throws outside NavigationProvider. */
export function useNavigation(): NavigationApi {
  const value = useContext(NavigationContext);
  if (!value) throw new Error('useNavigation must be used within a NavigationProvider');
  return value;
}
