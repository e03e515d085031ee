/**
 * Opens and clicks made by machines, counted apart from people's: requests within seconds of
 * delivery (security scanners fetch every image and link of an arriving message) and known
 * scanner and privacy-proxy user agents (Apple Mail Privacy Protection, Google's and Yahoo's image
 * proxies, link checkers). A heuristic: a person is counted as a machine now and then, and a
 * scanner with a browser's user agent arriving late is counted as a person.
 */

export const MACHINE_WINDOW_SECONDS = 10;

const MACHINE_AGENTS = [
  /GoogleImageProxy/i,
  /ggpht\.com/i,
  /YahooMailProxy/i,
  /Yahoo! Slurp/i,
  /Barracuda/i,
  /Mimecast/i,
  /Proofpoint/i,
  /urldefense/i,
  /SafeLinks|Microsoft Office Protocol Discovery|BingPreview/i,
  /Symantec|MessageLabs|Forcepoint|Sophos|Trend ?Micro|FireEye|Cisco|IronPort|Fortinet|Zscaler/i,
  /bot\b|crawler|spider|scanner|preview|headless/i,
  /^(curl|wget|python-requests|python-urllib|go-http-client|java\/|okhttp|node-fetch|undici|axios)/i,
];

/** Apple's Mail Privacy Protection fetches with a bare WebKit user agent: no Version/ and no Safari/. */
const APPLE_PROXY = /^Mozilla\/5\.0 \(Macintosh; Intel Mac OS X [\d_]+\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)$/;

export function isMachineRequest(userAgent: string, deliveredAt: Date | null, now: Date = new Date()): boolean {
  const agent = userAgent.trim();
  if (agent === '' || agent === 'Mozilla/5.0') return true;
  if (APPLE_PROXY.test(agent) || MACHINE_AGENTS.some((pattern) => pattern.test(agent))) return true;
  return deliveredAt !== null && now.getTime() - deliveredAt.getTime() < MACHINE_WINDOW_SECONDS * 1000;
}
