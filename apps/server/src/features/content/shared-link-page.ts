import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../plugins/errors';
import type { SharedLinkGone } from './shared-links.service';

/**
 * What a shared link that opens nothing answers: a browser (it asks for HTML) gets a short page
 * with the status (404 unknown, 410 expired or revoked) saying so and what to do; an API client
 * gets the usual error body. Never the file.
 */

const TITLES: Record<string, string> = {
  NOT_FOUND: 'Link not found',
  LINK_EXPIRED: 'Link expired',
  LINK_REVOKED: 'Link turned off',
};

/**
 * The page's only styles, inline (its CSP allows nothing else): the web app's theme colours
 * (apps/web/src/index.css), dark by default as the app is, light when the system asks for it.
 */
const STYLE = `
  :root { color-scheme: dark light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    --tp-bg: #0b1220; --tp-surface: #111a2e; --tp-border: #2a3754; --tp-fg: #e6ebf5; --tp-muted: #9aa8c4; --tp-accent: #38bdf8; }
  @media (prefers-color-scheme: light) {
    :root { --tp-bg: #f6f8fb; --tp-surface: #ffffff; --tp-border: #d4dbe7; --tp-fg: #0f172a; --tp-muted: #475569; --tp-accent: #0369a1; }
  }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--tp-bg); color: var(--tp-fg); }
  main { max-width: 30rem; margin: 1.5rem; padding: 2rem; border: 1px solid var(--tp-border); border-radius: 0.75rem; background: var(--tp-surface); }
  h1 { margin: 0 0 0.75rem; font-size: 1.25rem; }
  p { margin: 0 0 1rem; line-height: 1.5; }
  a { color: var(--tp-accent); }
  small { color: var(--tp-muted); }`;

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function linkGonePage(gone: Pick<SharedLinkGone, 'code' | 'message'>, homeUrl: string): string {
  const title = TITLES[gone.code] ?? TITLES.NOT_FOUND!;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Trading Portal</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(gone.message)}</p>
<small>Trading Portal · <a href="${escapeHtml(homeUrl)}">Gateway to Global Trading</a></small>
</main>
</body>
</html>
`;
}

/** A browser navigating to the link asks for HTML first; anything else gets JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');

export function sendLinkGone(request: FastifyRequest, reply: FastifyReply, gone: SharedLinkGone, homeUrl: string) {
  reply.code(gone.statusCode);
  if (!wantsPage(request)) return reply.send(errorBody(gone.statusCode, gone.message, gone.code));
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .send(linkGonePage(gone, homeUrl));
}
