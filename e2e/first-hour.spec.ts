import type { Locator, Page } from '@playwright/test';
import {
  apiAs,
  completeProfile,
  expect,
  expectNoHorizontalScroll,
  expectStarted,
  gotoStarted,
  signInLink,
  test,
  uniqueEmail,
} from './fixtures';

/** The first hour of a new user, much of it on a 360 px phone. */

const PHONE = { width: 360, height: 740 };

/** The box of an element in the viewport. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

/**
 * The header at this width: the product name shown whole at its natural width (not squeezed or
 * clipped), the tagline beside it, every header link inside the viewport, and nothing overlapping.
 */
async function expectHeaderFits(page: Page) {
  const header = page.getByRole('banner');
  const name = header.getByRole('link', { name: 'Trading Portal home' });
  const clipped = await name.evaluate((link) => {
    const words = link.textContent ?? '';
    const style = getComputedStyle(link);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.whiteSpace = 'nowrap';
    document.body.append(probe);
    // the widest word of the name must fit on a line of the link, and the link must show all its text
    const widest = Math.max(
      ...words.split(' ').map((word) => {
        probe.textContent = word;
        return probe.getBoundingClientRect().width;
      }),
    );
    probe.remove();
    const parent = link.parentElement!;
    return {
      widest,
      width: link.getBoundingClientRect().width,
      overflowX: parent.scrollWidth - parent.clientWidth,
      overflowY: link.scrollHeight - link.clientHeight,
    };
  });
  expect(clipped.width, 'the product name is at its natural width').toBeGreaterThanOrEqual(clipped.widest - 0.5);
  expect(clipped.overflowX, 'the product name is not clipped sideways').toBeLessThanOrEqual(0);
  expect(clipped.overflowY, 'the product name is not clipped').toBeLessThanOrEqual(0);

  const nameBox = await box(name);
  // the tagline shows beside the name, cut short with an ellipsis when the links leave it little room
  const tagline = header.getByText('Gateway to Global Trading');
  await expect(tagline).toBeVisible();
  const [taglineBox, headerBox] = [await box(tagline), await box(header)];
  expect(taglineBox.y, 'the tagline starts inside the header').toBeGreaterThanOrEqual(headerBox.y);
  expect(taglineBox.y + taglineBox.height, 'the tagline ends inside the header').toBeLessThanOrEqual(
    headerBox.y + headerBox.height,
  );
  const links = header.getByRole('navigation', { name: 'Main' }).getByRole('link');
  const viewport = page.viewportSize()!;
  let previousRight = Math.max(nameBox.x + nameBox.width, taglineBox.x + taglineBox.width);
  for (const link of await links.all()) {
    if (!(await link.isVisible())) continue;
    const linkBox = await box(link);
    expect(linkBox.x, `${await link.textContent()} starts after what is left of it`).toBeGreaterThanOrEqual(
      previousRight - 0.5,
    );
    expect(linkBox.x + linkBox.width, `${await link.textContent()} ends in the viewport`).toBeLessThanOrEqual(
      viewport.width,
    );
    const overflow = await link.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `${await link.textContent()} shows its whole text`).toBeLessThanOrEqual(0);
    previousRight = linkBox.x + linkBox.width;
  }
  await expectNoHorizontalScroll(page);
}

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE });

  test('the public header shows the whole product name beside its links', async ({ page }) => {
    for (const path of ['/', '/login', '/stories']) {
      await gotoStarted(page, path);
      await expectHeaderFits(page);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
  });

  test.describe('signed in', () => {
    test('the signed-in header shows the whole product name on app pages and public pages', async ({
      page,
      signedIn,
    }) => {
      expect(signedIn.email).toContain('@');
      // an app page: the sidebar's toggle, and Dashboard in the sidebar
      await gotoStarted(page, '/settings');
      await expectHeaderFits(page);
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await expect(
        page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' }),
      ).toBeVisible();
      // a public page: no sidebar, so the header links to the dashboard
      for (const path of ['/', '/stories']) {
        await gotoStarted(page, path);
        await expectHeaderFits(page);
        await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
      }
    });
  });
});

test.describe('a new account', () => {
  test.use({ completeProfile: false });

  test('saving the profile with only the required fields lets the user on, for good', async ({ page, signedIn }) => {
    await expect(page.getByText('Name and phone are required to continue.')).toBeVisible();
    await page.getByLabel('Full name').fill(signedIn.name);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of ['/settings', '/content-access', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toHaveCount(0);
    }
  });
});

test.describe('resending at 360 px', () => {
  test.use({ viewport: PHONE });

  test('"Resend Magic Link" keeps the address and says when the next link can be sent', async ({ page }) => {
    const email = uniqueEmail('resend');
    await gotoStarted(page, '/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(/^You can ask for the next link in \d+ s\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Resend Magic Link' }).click();
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    // the address's cooldown between two links: the button waits, and says until when
    await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();
    await expect(page.getByText(/^You can ask for the next link in \d+ s\.$/)).toBeVisible();
    // the server agrees: a request now is refused with Retry-After
    const refused = await page.request.post('/api/auth/magic-link', { data: { email } });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    await expectNoHorizontalScroll(page);
  });
});

test('"Choose Team" opens sign-up, and the account remembers the plan', async ({ page, mailbox }) => {
  const email = uniqueEmail('plan');
  await gotoStarted(page, '/');
  await page.getByRole('link', { name: 'Choose Team' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText('Chosen plan:')).toContainText('Team');
  await page.getByLabel('Full Name').fill('Tomás Ortega');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.goto(signInLink((await mailbox.messageTo(email)).text));
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await completeProfile(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await apiAs<{ user: { plan: string } }>(page, '/api/auth/me')).user.plan).toBe('team');

  // and "Get started free" opens sign-up too
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await gotoStarted(page, '/');
  await page.getByRole('link', { name: 'Get started free' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('every route names its own tab', async ({ page }) => {
  const expected: Array<[string, string | RegExp]> = [
    ['/', 'Trading Portal — Gateway to Global Trading'],
    ['/login', 'Sign in · Trading Portal'],
    ['/stories', 'Stories · Trading Portal'],
    ['/about', 'About · Trading Portal'],
    ['/contact', 'Contact us · Trading Portal'],
    ['/faq', 'FAQ · Trading Portal'],
    ['/terms', 'Terms of Service · Trading Portal'],
    ['/no/such/page', 'Page not found · Trading Portal'],
  ];
  for (const [path, title] of expected) {
    await gotoStarted(page, path);
    await expect(page, path).toHaveTitle(title);
  }
  // a story is named after its headline once it has loaded, also when reached by a link
  await gotoStarted(page, '/stories');
  await page
    .getByRole('link', { name: /GitHub/i })
    .first()
    .click();
  const headline = await page.getByRole('article').getByRole('heading', { level: 1 }).textContent();
  await expect(page).toHaveTitle(`${headline} · Trading Portal`);
  // the protected pages too (the anonymous visitor lands on sign-in)
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Sign in · Trading Portal');
});

/** Sums the layout shifts of the page (CLS as the browser reports it), from before the first paint. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

test.describe('a story at 360 px', () => {
  test.use({ viewport: PHONE });

  test('nothing jumps when the story arrives (CLS < 0.1), and no bar sits over the text', async ({ page }) => {
    const layoutShift = await watchLayoutShifts(page);
    // the story answers after the page has painted, as on a phone network
    await page.route('**/api/stories/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/stories/github-cloudflare');
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
    // the reading-progress bar and the chat button settle too
    await expect(page.getByRole('button', { name: /Chat with support/ })).toBeVisible({ timeout: 6_000 });
    expect(await layoutShift(), 'cumulative layout shift').toBeLessThan(0.1);

    // reading on: only the header stays on top of the text
    const toolbar = page.getByRole('toolbar', { name: 'Highlighter' });
    await page.evaluate(() => window.scrollBy(0, 1200));
    const header = await box(page.getByRole('banner'));
    const toolbarBox = await toolbar.boundingBox();
    expect(
      toolbarBox === null || toolbarBox.y + toolbarBox.height <= header.y + header.height,
      'the highlighter bar scrolled away with the text',
    ).toBe(true);

    // selecting a passage brings the highlight button, bottom left, clear of the chat button
    const highlight = page.getByRole('button', { name: 'Highlight selection' }).filter({ visible: true });
    await expect(highlight).toHaveCount(0);
    await page.evaluate(() => {
      // a passage of the story in view
      const walker = document.createTreeWalker(document.querySelector('article')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const rect = node.parentElement!.getBoundingClientRect();
        if ((node.textContent ?? '').trim().length < 20 || rect.top < 80 || rect.bottom > window.innerHeight - 80)
          continue;
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, 10);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
        return;
      }
      throw new Error('no passage in view');
    });
    await expect(highlight).toBeVisible();
    const [highlightBox, chatBox] = [
      await box(highlight),
      await box(page.getByRole('button', { name: /Chat with support/ })),
    ];
    expect(highlightBox.x + highlightBox.width).toBeLessThan(chatBox.x);
    await highlight.click();
    await expect(article.locator('mark')).toHaveCount(1);
    await expect(toolbar).toContainText('1 highlight, kept in this browser.');
  });
});

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

test.describe('the chat button at 360 px', () => {
  test.use({ viewport: PHONE });

  test('covers neither the sign-in button nor the footer and its links, however far the page is scrolled', async ({
    page,
  }) => {
    await gotoStarted(page, '/login');
    const chat = page.getByRole('button', { name: /Chat with support/ });
    await expect(chat).toBeVisible({ timeout: 6_000 });
    const send = page.getByRole('button', { name: 'Continue with Email' });
    const footer = page.getByRole('contentinfo');
    const targets: Array<[string, Locator]> = [
      ['the sign-in button', send],
      ['the footer', footer],
      ...(await footer.getByRole('link').all()).map((link, i): [string, Locator] => [`footer link ${i + 1}`, link]),
    ];
    const scrollTo = (top: number) =>
      page.evaluate((y) => {
        window.scrollTo({ top: y, behavior: 'instant' });
        return window.scrollY;
      }, top);
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(end, 'the page scrolls into its footer').toBeGreaterThan(0);
    for (let top = 0; ; top = Math.min(end, top + 150)) {
      expect(await scrollTo(top)).toBe(top);
      const chatBox = await box(chat);
      for (const [name, target] of targets)
        expect(overlap(chatBox, await box(target)), `the chat button over ${name} at scroll ${top}`).toBe(false);
      if (top === end) break;
    }
    // typing: the keyboard leaves a short screen; the button does not float over the form then
    await page.setViewportSize({ width: PHONE.width, height: 480 });
    await scrollTo(0);
    await page.getByLabel('Email address').focus();
    expect(overlap(await box(chat), await box(send)), 'the chat button over the sign-in button').toBe(false);
    await expect(chat).toBeVisible();
  });
});

test.describe('settings at 360 px', () => {
  test.use({ viewport: PHONE });

  test('devices by name, End session clear of the chat button, confirmations, and the other device notices', async ({
    page,
    browser,
    baseURL,
    signedIn,
  }, testInfo) => {
    testInfo.setTimeout(90_000);
    expect(signedIn.email).toContain('@');
    // a second device: the signed-in page hands its session over (?session=), as "use on another device" does
    const { sessionToken: handOff } = await apiAs<{ sessionToken: string }>(page, '/api/auth/session-token', 'POST');
    const other = await browser.newContext({ baseURL, viewport: PHONE });
    const phone = await other.newPage();
    await phone.goto(`/login?session=${encodeURIComponent(handOff)}`);
    await expect(phone).toHaveURL(/\/dashboard$/);

    await gotoStarted(page, '/settings');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('Chrome on Linux').first()).toBeVisible();
    await expect(devices).not.toContainText('Mozilla/5.0');
    await expectNoHorizontalScroll(page);

    // the chat button (shown after 3 s) never covers End session: they sit in different columns
    const chat = page.getByRole('button', { name: /Chat with support/ });
    await expect(chat).toBeVisible({ timeout: 6_000 });
    const endSession = devices.getByRole('button', { name: /^End session:/ });
    await endSession.scrollIntoViewIfNeeded();
    const [chatBox, endBox] = [await box(chat), await box(endSession)];
    expect(endBox.x + endBox.width, 'End session ends left of the chat button').toBeLessThan(chatBox.x);

    // End session asks first; Cancel keeps the device signed in
    await endSession.click();
    const confirm = page.getByRole('dialog', { name: 'End this session?' });
    await expect(confirm).toContainText('Chrome on Linux');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(2);

    // Log out everywhere asks first too; confirmed, this device lands on "You have been logged out."
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    const everywhere = page.getByRole('dialog', { name: 'Log out everywhere?' });
    await expect(everywhere).toBeVisible();
    await everywhere.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You have been logged out.')).toBeVisible();

    // the other device notices as soon as its tab is in view again, without any click
    await phone.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(phone).toHaveURL(/\/login$/);
    await other.close();
  });
});

const PRERENDERED: Array<[string, string]> = [
  ['/login', 'Sign in to your account'],
  ['/stories', 'Stories'],
  ['/about', 'About Trading Portal'],
  ['/contact', 'Contact us'],
  ['/services', 'Services'],
  ['/careers', 'Careers'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/faq', 'Frequently asked questions'],
  ['/resources', 'Resources'],
];

test.describe('the public pages paint before their JavaScript, like the landing page', () => {
  test('each arrives as HTML with its heading and tab title, readable with the app never starting', async ({
    page,
  }) => {
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    for (const [path, heading] of PRERENDERED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page, path).toHaveTitle(/· Trading Portal$/);
    }
    // the sign-in form can be filled in, and sends only once the app runs
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();
  });

  test.describe('on a phone whose script is slow', () => {
    test.use({ viewport: PHONE });

    test('what is typed into sign-in before the app runs is kept, sent, and the link arrives', async ({
      page,
      mailbox,
    }) => {
      // the app's entry chunk arrives only when the test lets it
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        asked = true;
        await released;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'commit' });
      const field = page.getByLabel('Email address');
      const email = uniqueEmail('typed-early');
      await field.pressSequentially(email);
      // typed into the prerendered page: the app has not started (no theme control, the button waits)
      await expect.poll(() => asked, 'the page asked for the app').toBe(true);
      await expect(page.getByRole('button', { name: /^Theme:/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeDisabled();

      release();
      await expectStarted(page);
      await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeEnabled();
      await expect(field).toHaveValue(email);
      await expect(field).toBeFocused();
      await page.getByRole('button', { name: 'Continue with Email' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      expect((await mailbox.messageTo(email)).to).toBe(email);
    });
  });

  test('each hydrates without a mismatch or an error, and works', async ({ page, mailbox }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
    });
    for (const [path, heading] of PRERENDERED) {
      await gotoStarted(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    }
    await gotoStarted(page, '/stories');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    // the hydrated sign-in page sends its link
    const email = uniqueEmail('prerendered');
    await gotoStarted(page, '/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    expect((await mailbox.messageTo(email)).to).toBe(email);
    expect(problems).toEqual([]);
  });
});
