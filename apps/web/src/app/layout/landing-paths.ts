/** Paths shown without the sidebar (spec 01 §2). */
export function isLandingPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/about' ||
    pathname === '/contact' ||
    pathname === '/stories' ||
    pathname.startsWith('/stories/')
  );
}
