import { expect, test, uploadFile } from './fixtures';

test('a new user sees honest figures; quick actions earn XP once a day; goals tick by real actions up to the popup', async ({
  page,
  signedIn: _user,
}) => {
  test.setTimeout(120_000);
  const progress = page.getByRole('region', { name: "Today's Progress" });
  const bar = progress.getByRole('progressbar', { name: "Today's progress" });
  // signed in today: Daily Login done, 1 of 3 goals
  await expect(bar).toHaveAttribute('aria-valuenow', '33');
  await expect(progress.getByTestId('streak')).toHaveText('1');
  await expect(progress.getByTestId('progress-band')).toHaveText('Good start!');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('definition')).toHaveText(['0', '0', '1']);
  const analyticsLink = sidebar.getByRole('link', { name: /^Analytics/ });
  await expect(analyticsLink).toContainText('New');
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByText('No trades yet: place a paper trade in Trading.')).toBeVisible();
  await expect(overview.getByText('Signed in for the day')).toBeVisible();

  const actions = page.getByRole('region', { name: 'Quick Actions' }).getByRole('button');
  await expect(actions).toHaveCount(6);
  // each action's XP badge stays on one line, inside its button (the dashboard's left column is narrow at 1280 px)
  const badges = await actions.getByText(/^\+\d+ XP$/).all();
  expect(badges).toHaveLength(6);
  for (const [index, badge] of badges.entries()) {
    const [box, button] = [(await badge.boundingBox())!, (await actions.nth(index).boundingBox())!];
    expect(box.height).toBeLessThan(28);
    expect(box.x + box.width).toBeLessThanOrEqual(button.x + button.width);
  }

  // a quick action switches the section and earns its XP once; it ticks no goal
  const xpToday = progress.getByRole('definition').first();
  await actions.first().click();
  await expect(page.getByText('Section Changed')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(actions.first()).toContainText('earned today');
  await expect(xpToday).toHaveText('15');
  for (let click = 0; click < 12; click += 1) await actions.nth(click % 6).click();
  await expect(actions.filter({ hasText: 'earned today' })).toHaveCount(6);
  await expect(xpToday).toHaveText(String(5 + 10 + 15 + 20 + 5 + 3 + 2));
  await expect(bar).toHaveAttribute('aria-valuenow', '33');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(progress.getByRole('link', { name: 'Upload a file' })).toBeVisible();

  // opening Analytics is the real event: its goal ticks and "New" is gone
  await analyticsLink.click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(analyticsLink).not.toContainText('New');
  const sidebarGoal = (name: string) =>
    page.getByRole('region', { name: "Today's goals" }).getByRole('listitem').filter({ hasText: name });
  await expect(sidebarGoal('Check Analytics')).toContainText('✓ Done');
  await expect(sidebarGoal('Upload Content')).toContainText('Pending');

  // a real upload ticks the last goal; back on the dashboard the popup opens, once
  await uploadFile(page, {
    name: 'price-list.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Arabica AA, 40 bags, FOB Mombasa\n'),
  });
  await expect(sidebarGoal('Upload Content')).toContainText('✓ Done');
  await page.goto('/dashboard');
  const popup = page.getByRole('dialog', { name: 'Daily Goals Complete!' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Keep going' }).click();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('progress-band')).toHaveText('All goals done!');

  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await sidebar.getByRole('link', { name: /^Achievements/ }).click();
  await expect(page.getByRole('heading', { name: 'Achievements', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First Steps (earned)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First Upload (earned)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Goal Getter (earned)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First Trade (locked)' })).toBeVisible();
});
