import { expect, test } from './fixtures';

test('a new user sees honest figures, reaches 100 % with quick actions, keeps it after reload and earns badges', async ({
  page,
  signedIn: _user,
}) => {
  const progress = page.getByRole('region', { name: "Today's Progress" });
  const bar = progress.getByRole('progressbar', { name: "Today's progress" });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(progress.getByTestId('streak')).toHaveText('1');
  await expect(progress.getByTestId('progress-band')).toHaveText('Ready to start!');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('definition')).toHaveText(['0', '0', '1']);
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByText('No trades yet: place a paper trade in Trading.')).toBeVisible();
  await expect(
    overview.getByText(/Nothing recorded yet/).or(overview.getByText('Signed in for the day')),
  ).toBeVisible();

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
  await actions.first().click();
  await expect(page.getByText('Section Changed')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(bar).toHaveAttribute('aria-valuenow', '10');
  for (let click = 2; click <= 9; click += 1) {
    await actions.nth(click % 6).click();
    await expect(bar).toHaveAttribute('aria-valuenow', String(click * 10));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await actions.nth(4).click();
  const popup = page.getByRole('dialog', { name: 'Daily Goals Complete!' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Keep going' }).click();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');

  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('progress-band')).toHaveText('All goals done!');

  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: /^Achievements/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Achievements', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First Steps (earned)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Goal Getter (earned)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First Trade (locked)' })).toBeVisible();
});
