// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerender, prerenderSignedInShell, PRERENDERED_PATHS, SHELL_PATHS, titleOf } from './prerender';
import { PAGE_HEADINGS } from '@/lib/page-headings';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';

describe('prerendered landing page', () => {
  it('is the whole landing page as a first-time visitor sees it before any data has answered', async () => {
    const html = await prerender('/');
    expect(html).toContain('Maximize Your Merchant Exports Profits');
    expect(html).toContain('Frequently asked questions');
    expect(html).toContain('aria-label="Contact form"');
    // shell: header sign-in link and footer pages
    expect(html).toContain(`href="${paths.login}"`);
    for (const page of [
      paths.about,
      paths.services,
      paths.careers,
      paths.contact,
      paths.faq,
      paths.resources,
      paths.terms,
      paths.privacy,
    ]) {
      expect(html).toContain(`href="${page}"`);
    }
    // no figure is invented before the server answers: pricing and the live feed are placeholders
    expect(html).not.toContain('joined in the last hour');
    expect(html).not.toContain('$49.00');
    expect(html).toContain('aria-busy="true"');
    // device-specific parts are left to the browser: no theme control, no chat button
    expect(html).not.toMatch(/aria-label="Theme:/);
    expect(html).not.toMatch(/Chat with support/);
    // the forms can be filled in at once but send only once the app runs
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Send Message</);
    // and no inline script, which the Content-Security-Policy would block
    expect(html).not.toContain('<script');
  });
});

describe('the other prerendered public pages', () => {
  it('render sign-in, the stories list and the footer pages as a first-time visitor sees them', async () => {
    expect(PRERENDERED_PATHS).toEqual(expect.arrayContaining([paths.login, paths.stories, paths.about, paths.faq]));
    const login = await prerender(paths.login);
    expect(login).toContain('Sign in to your account');
    // the form can be filled in at once (what is typed is kept: login-page.test.tsx) and sends once the app runs
    expect(login).toMatch(/<button type="submit" disabled=""[^>]*>Continue with Email</);
    const stories = await prerender(paths.stories);
    // no data before the server answers: the list is a placeholder
    expect(stories).toMatch(/role="status" aria-busy="true"[^>]*><span class="sr-only">Loading stories</);
    for (const page of PRERENDERED_PATHS) expect(await prerender(page), page).not.toContain('<script');
  });

  it('leave no timer behind that would keep the build running', async () => {
    for (const page of PRERENDERED_PATHS) await prerender(page);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it("name each page's tab as the app does", () => {
    expect(titleOf(paths.home)).toBe('Trading Portal — Gateway to Global Trading');
    expect(titleOf(paths.login)).toBe('Sign in · Trading Portal');
    expect(titleOf(paths.faq)).toBe('FAQ · Trading Portal');
  });
});

describe("the signed-in pages' shells", () => {
  it("paint the header as signed in and the page's heading, and nothing of the user", async () => {
    expect(SHELL_PATHS).toEqual(
      expect.arrayContaining([paths.dashboard, paths.trades, paths.contentAccess, paths.analytics, paths.desk]),
    );
    const trades = await prerenderSignedInShell(paths.trades);
    expect(trades).toContain(`<h1 class="text-2xl font-semibold sm:text-3xl">${PAGE_HEADINGS.trades.title}</h1>`);
    expect(trades).toContain(PAGE_HEADINGS.trades.subtitle);
    // the signed-in header: the sidebar's toggle and the dashboard link instead of "Sign in"
    expect(trades).toContain('aria-label="Open sidebar"');
    expect(trades).toContain(`href="${paths.dashboard}"`);
    expect(trades).not.toContain(`href="${paths.login}"`);
    for (const page of SHELL_PATHS) {
      const html = await prerenderSignedInShell(page);
      expect(html, page).toMatch(/<h1 [^>]*>[^<]+<\/h1>/);
      // the app's own <main> comes with the page; and no inline script (the Content-Security-Policy)
      expect(html, page).not.toContain('<main');
      expect(html, page).not.toContain('<script');
    }
  });

  it("keep a page's body inert until the app takes over: the shell's search box takes no typing", async () => {
    const html = await prerenderSignedInShell(paths.contentAccess);
    const body = html.slice(html.indexOf('</h1>'));
    expect(body).toMatch(/^[^]*?<div inert="" class="contents">[^]*<input/);
    // the header's links stay real links, outside the inert part
    expect(html.slice(0, html.indexOf('inert'))).toContain(`href="${paths.dashboard}"`);
  });
});
