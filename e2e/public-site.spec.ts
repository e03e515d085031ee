import { SOCIAL_PROOF_MIN } from '../apps/web/src/features/marketing/social-proof';
import {
  expect,
  expectNoHorizontalScroll,
  expectStarted,
  gotoStarted,
  smtpTest,
  storedTheme,
  test,
  uniqueEmail,
} from './fixtures';

const CONTACT_SUBJECT = 'Contact Form Submission - Trading Portal';

test.describe('public site', () => {
  test('the landing page shows every section, with pricing from the server and a real PDF guide', async ({
    page,
    request,
  }) => {
    const statsAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/stats/public');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Maximize Your Merchant Exports Profits' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Why exporters trust us' })).toBeVisible();
    for (const name of [
      'Everything an exporter needs in one place',
      'How it works',
      'What traders use it for',
      'Plans and pricing',
      'Free trading guide',
      'Frequently asked questions',
      'Our mission',
      'Contact us',
    ]) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('complementary', { name: 'Limited-time offer' })).toContainText(
      'Get 2 months free on an annual subscription.',
    );
    const pricing = page.getByRole('region', { name: 'Plans and pricing' });
    await expect(pricing).toContainText('$49.00 per month');
    await expect(pricing).toContainText('$149.00 per month');
    await expect(pricing).toContainText('$499.00 per month');
    await expect(page.getByRole('list', { name: 'Our team' }).getByRole('listitem')).toHaveCount(3);
    // the live-feed message shows the real count the page was served (other specs on this server may
    // have signed users up, and a later read of the counts may already be newer)
    const stats = (await (await statsAnswer).json()) as { signupsLastHour: number };
    if (stats.signupsLastHour >= SOCIAL_PROOF_MIN.joinedLastHour) {
      await expect(page.getByText(`${stats.signupsLastHour} joined in the last hour`, { exact: false })).toBeVisible();
    } else {
      await expect(page.getByText('Join merchant exporters trading smarter with Trading Portal.')).toBeVisible();
    }
    await expect(page.locator('body')).not.toContainText('5,000');

    const href = await page.getByRole('link', { name: 'Download the guide' }).getAttribute('href');
    const pdf = await request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the FAQ keeps one item open at a time', async ({ page }) => {
    await gotoStarted(page, '/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    await faq.getByRole('button', { name: 'What is Trading Portal?' }).click();
    await expect(faq.getByRole('button', { name: 'What is Trading Portal?' })).toHaveAttribute('aria-expanded', 'true');
    await faq.getByRole('button', { name: 'Is the trading real money?' }).click();
    await expect(faq.getByRole('button', { name: 'Is the trading real money?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(faq.getByRole('button', { name: 'What is Trading Portal?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
  });

  smtpTest(
    'the contact form sends, and the message arrives at support over SMTP with Reply-To the visitor',
    async ({ page, smtp }) => {
      const email = uniqueEmail('visitor');
      await page.goto('/contact');
      await page.getByLabel('Name').fill('Ada Exporter');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Message').fill('Which plan fits a team of four?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('status')).toContainText('Thank you! Your message has been sent.');
      await expect(page.getByRole('form', { name: 'Contact form' })).toHaveCount(0);

      const mail = await smtp.waitForMessage((m) => m.replyTo?.text.includes(email) ?? false);
      expect(mail.subject).toBe(CONTACT_SUBJECT);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain('support@tradingportal.local');
      expect(mail.text).toContain('Which plan fits a team of four?');
    },
  );

  smtpTest(
    'the newsletter is double opt-in: the e-mailed link opens a page that confirms on click',
    async ({ page, smtp }) => {
      const email = uniqueEmail('reader');
      await gotoStarted(page, '/#guide');
      const guide = page.getByRole('region', { name: 'Free trading guide' });
      await guide.getByLabel('Email for the newsletter').fill(email);
      await guide.getByRole('button', { name: 'Subscribe' }).click();
      await expect(guide.getByRole('status')).toContainText('check your inbox');

      const mail = await smtp.waitForMessage((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '').includes(email));
      const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
      expect(link).toBeTruthy();
      await page.goto(link!);
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
      // the link opened again says the subscription stands, rather than calling the link invalid
      await page.reload();
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
      await expect(page.getByText('This subscription was already confirmed.')).toBeVisible();
    },
  );

  test('the landing page is readable before its JavaScript runs, in the theme the visitor chose', async ({ page }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), storedTheme({ mode: 'light' }));
    // the app never starts: only the prerendered HTML, its stylesheet and the theme painter
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Maximize Your Merchant Exports Profits' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Frequently asked questions' })).toBeAttached();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    // nothing is invented before the server answers, and the forms wait for the app to send
    await expect(page.getByRole('region', { name: 'Plans and pricing' })).not.toContainText('$');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });

  test('the prerendered landing page hydrates without a mismatch or an error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await gotoStarted(page, '/');
    await expect(page.getByRole('region', { name: 'Plans and pricing' })).toContainText('$49.00');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(page.getByRole('button', { name: /Chat with support/ })).toBeVisible({ timeout: 6_000 });
    expect(problems).toEqual([]);
  });

  test('a visitor who scrolls before the app starts stays where they are; the next page opens at the top', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expectStarted(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(1400);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('every footer link renders a real page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links = footer.locator('nav a');
    await expect(links).toHaveCount(8);
    const count = await links.count();
    const paths: string[] = [];
    for (let i = 0; i < count; i += 1) paths.push((await links.nth(i).getAttribute('href'))!);
    // the order of docs/product/shell.md#footer
    expect(paths).toEqual(['/about', '/services', '/careers', '/terms', '/privacy', '/contact', '/faq', '/resources']);
    for (const path of paths) {
      await page.goto('/');
      await page.getByRole('contentinfo').locator(`nav a[href="${path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      await expect(page.getByRole('main')).not.toContainText('being written');
    }
    await expect(footer.getByRole('link', { name: 'support@tradingportal.local' })).toHaveAttribute(
      'href',
      'mailto:support@tradingportal.local',
    );
  });

  test('no dead links: every same-site link on the public pages leads somewhere real', async ({ page, request }) => {
    const pages = [
      '/',
      '/about',
      '/contact',
      '/services',
      '/careers',
      '/terms',
      '/privacy',
      '/faq',
      '/resources',
      '/stories',
    ];
    const targets = new Set<string>();
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo').locator('nav a')).toHaveCount(8);
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      for (const href of hrefs) {
        if (href.startsWith('/') && !href.startsWith('//')) targets.add(href.split('#')[0] || '/');
      }
    }
    expect(targets.size).toBeGreaterThanOrEqual(15);
    for (const target of targets) {
      const response = await request.get(target);
      expect(response.status(), target).toBe(200);
      if ((response.headers()['content-type'] ?? '').includes('text/html') && !target.startsWith('/api/')) {
        await page.goto(target);
        await expect(page.getByRole('heading', { level: 1 }), target).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Page not found' }), target).toHaveCount(0);
      }
    }
  });

  test('stories list → story with a reading-progress bar that follows the scroll', async ({ page }) => {
    await page.goto('/stories');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await page.getByRole('link', { name: /From GitHub to Cloudflare/ }).click();
    await expect(page).toHaveURL(/\/stories\/github-cloudflare$/);
    await expect(page.getByRole('heading', { level: 1, name: /GitHub to Cloudflare/ })).toBeVisible();
    const bar = page.getByRole('progressbar', { name: 'Reading progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toHaveAttribute('aria-valuenow', '100');

    // the header's featured-story link goes to the same story
    await page.goto('/');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Featured story' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /GitHub to Cloudflare/ })).toBeVisible();
  });

  test('the support chat button appears after 3 seconds and opens the built-in chat', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: /Chat with support/ });
    await expect(button).toHaveCount(0);
    await expect(button).toBeVisible({ timeout: 6_000 });
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Support chat' })).toBeVisible();
    await expect(button).toHaveCount(0);
    await page.getByRole('button', { name: 'Close chat' }).click();
    await expect(button).toBeVisible();
  });

  for (const width of [360, 768, 1280]) {
    test(`the landing page fits ${width} px without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Plans and pricing' })).toContainText('$49.00');
      await expectNoHorizontalScroll(page);
    });
  }
});
