import Bowser from 'bowser';

/** "Chrome on Linux", "Safari on iOS": a session's device as a person names it, from its user agent (bowser). */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name?.replace(/ Headless$/, '') || 'Unknown browser';
  return os.name ? `${browserName} on ${os.name}` : browserName;
}
