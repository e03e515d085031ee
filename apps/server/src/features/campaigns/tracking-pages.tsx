import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PRODUCT_NAME } from '@tp/shared';

/**
 * The pages a click-tracking link answers with instead of a redirect: leaving for another site,
 * expired, not valid. Small server-rendered documents in the product's colours (dark, or light
 * when the system asks for it), with no script and no request to anything else.
 */

const STYLE = `
:root{color-scheme:dark;--bg:#0b1220;--surface:#111a2e;--border:#2a3754;--fg:#e6ebf5;--muted:#9aa8c4;--accent:#38bdf8;--accent-fg:#04111d;--focus:#facc15}
@media (prefers-color-scheme:light){:root{color-scheme:light;--bg:#f6f8fb;--surface:#ffffff;--border:#d4dbe7;--fg:#0f172a;--muted:#475569;--accent:#0369a1;--accent-fg:#ffffff;--focus:#b45309}}
*{box-sizing:border-box}
html{background:var(--bg);color:var(--fg);font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:12vh 16px 32px;font-size:16px;line-height:1.5}
main{width:100%;max-width:34rem;background:var(--surface);border:1px solid var(--border);border-radius:.75rem;padding:28px 24px;box-shadow:0 1px 2px rgb(0 0 0/.2),0 4px 16px rgb(0 0 0/.12)}
.brand{margin:0 0 20px;color:var(--accent);font-weight:700;font-size:14px;letter-spacing:.02em}
h1{margin:0 0 12px;font-size:22px;line-height:1.3;overflow-wrap:anywhere}
p{margin:0 0 12px;color:var(--muted)}
.target{margin:0 0 20px;padding:10px 12px;border:1px solid var(--border);border-radius:.5rem;color:var(--fg);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:14px;overflow-wrap:anywhere;word-break:break-all}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}
a{color:var(--accent)}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 20px;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);font-weight:600;text-decoration:none}
.quiet{display:inline-flex;align-items:center;min-height:44px}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
`.trim();

/** The documents' own CSP: the one inline style above (by its hash), nothing else. */
export const TRACKING_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${PRODUCT_NAME}`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <p className="brand">{PRODUCT_NAME}</p>
          {children}
        </main>
      </body>
    </html>
  );
}

const render = (page: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(page)}`;

/** The host as the address bar shows it, IDNs in their ASCII (punycode) spelling, so look-alikes show. */
export const hostOf = (url: string) => new URL(url).host;

/** A link to another site: where it leads, and a real link to go on. */
export function leavingPage(url: string): string {
  const host = hostOf(url);
  return render(
    <Page title={`Leaving for ${host}`}>
      <h1>{`You are leaving ${PRODUCT_NAME} for ${host}`}</h1>
      <p>A link in an e-mail sent through {PRODUCT_NAME} leads to this address on another site:</p>
      <p className="target">{url}</p>
      <p>
        Continue only if you expected this link from its sender. {PRODUCT_NAME} does not check other sites, and never
        asks you to sign in on one.
      </p>
      <div className="actions">
        <a className="button" href={url} rel="noopener noreferrer">
          Continue
        </a>
      </div>
    </Page>,
  );
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** An expired link: when it stopped working and, as text only, where it led. */
export function expiredPage(url: string, expiredAt: Date, ttlDays: number): string {
  return render(
    <Page title="Link expired">
      <h1>This link has expired</h1>
      <p>
        Links in e-mails sent through {PRODUCT_NAME} work for {ttlDays} days. This one stopped working on{' '}
        {dateFormat.format(expiredAt)}.
      </p>
      <p>It led to this address, which has not been opened:</p>
      <p className="target">{url}</p>
      <p>If you still need it, ask the sender for a new link.</p>
      <div className="actions">
        <a className="quiet" href="/">
          Go to {PRODUCT_NAME}
        </a>
      </div>
    </Page>,
  );
}

/** A link this app did not make (cut short, altered or forged): nothing about any target. */
export function invalidLinkPage(): string {
  return render(
    <Page title="Link not valid">
      <h1>This link is not valid</h1>
      <p>
        It may have been cut short or changed when it was copied. Open it again from the e-mail, or ask the sender for a
        new one.
      </p>
      <div className="actions">
        <a className="quiet" href="/">
          Go to {PRODUCT_NAME}
        </a>
      </div>
    </Page>,
  );
}
