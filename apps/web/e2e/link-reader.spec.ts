import { expect, test, waitForHydration } from './fixtures';
import { bookAsGuest } from './guest-booking';
import { signInWithCookies } from './sign-in';

// Decision 165: anyone holding a booking's link, signed out too, changes the riders' details
// (through the questionnaires, which keep the weight) and nothing else; the owner sees the change.
test('a friend signed out with the link edits a rider; the owner sees the change, weights kept', async ({
  page,
  browser,
  request,
  baseURL,
  gotoHydrated,
}) => {
  test.setTimeout(90_000);
  if (!baseURL) throw new Error('no baseURL');
  const owner = await bookAsGuest(request, {
    tourists: [
      { first_name: 'Ines', last_name: 'Moreau', birthday: '1988-05-01', weight: 64 },
      { first_name: 'Paul', last_name: 'Moreau', birthday: '1986-09-12', weight: 80 },
    ],
  });
  const bookingPath = `/booking/uuid/${owner.booking.uuid}`;
  const paul = (reader: typeof page) =>
    reader.getByRole('listitem').filter({ hasText: 'Paul Moreau' });

  // The owner, signed in, reads the weights (the demo's visitors are in the US: pounds).
  await signInWithCookies(page.context(), owner, baseURL);
  await gotoHydrated(bookingPath);
  await expect(paul(page)).toContainText('176 lb');
  await expect(page.getByRole('button', { name: 'Remove Paul Moreau' })).toBeVisible();

  // The friend: another browser, signed out, with the link alone.
  const friendContext = await browser.newContext();
  try {
    const friend = await friendContext.newPage();
    await friend.goto(`${baseURL}${bookingPath}`);
    await waitForHydration(friend);
    await expect(friend.getByTestId('link-reader')).toContainText(
      'You opened this booking by its link.',
    );
    await expect(paul(friend)).not.toContainText('lb');
    await expect(friend.getByRole('button', { name: 'Edit Ines Moreau' })).toBeVisible();
    // Nothing of the owner's is offered.
    await expect(friend.getByRole('button', { name: /^(Pay|Remove|Cancel booking)/ })).toHaveCount(
      0,
    );
    await expect(friend.getByRole('link', { name: 'Add a rider' })).toHaveCount(0);

    await friend.getByRole('button', { name: 'Edit Paul Moreau' }).click();
    const form = friend.getByRole('form', { name: 'Edit Paul Moreau' });
    await expect(form.getByLabel(/^Weight/)).toHaveCount(0);
    await expect(form).toContainText('Weights are private');
    await form.getByLabel('Food restriction (optional)').fill('Vegetarian');
    await form.getByRole('button', { name: 'Save rider' }).click();
    await expect(friend.getByRole('status')).toHaveText(
      'Riders saved. The organizer sees the change.',
    );
    await expect(paul(friend)).toContainText('Vegetarian');
    await expect(paul(friend)).not.toContainText('lb');
  } finally {
    await friendContext.close();
  }

  // The owner sees the friend's change, Paul's weight as it was.
  await gotoHydrated(bookingPath);
  await expect(paul(page)).toContainText('Vegetarian');
  await expect(paul(page)).toContainText('176 lb');
});
