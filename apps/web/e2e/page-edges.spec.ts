import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/**
 * Text that starts a column starts on its edge, at a phone's width and a desktop's: the chat
 * page's 'Messages' stood 4 px in from its list of conversations (24 px against 20 at 390 px,
 * 124 against 120 at 1440), the padding of the row it shares with 'Write to support'.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the chat's 'Messages' lines up with its list`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'traveller@gallop.test', '/chat');
    const title = page.getByRole('heading', { level: 1, name: 'Messages' });
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list).toBeVisible();
    const [titleBox, listBox] = await Promise.all([title.boundingBox(), list.boundingBox()]);
    expect(titleBox!.x, 'the title’s left edge against the list’s').toBeCloseTo(listBox!.x, 0);
  });
}

/**
 * A word with a one-character stem ('3-D Secure', 'e-mail') is never cut at its hyphen: at 320 to
 * 326 px the footer's line ended on '3-' and began the next with 'D Secure;'.
 */
test('at 320 px no line of the page ends on a one-character stem’s hyphen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/sitemap');
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const top = (node: Text, at: number) => {
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return Math.round(range.getBoundingClientRect().top);
    };
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      for (const match of node.data.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]-(?=[\p{L}\p{N}])/gu)) {
        const hyphen = match.index + 1;
        if (top(node, hyphen + 1) > top(node, hyphen)) found.push(node.data.slice(0, hyphen + 8));
      }
    }
    return found;
  });
  expect(cut).toEqual([]);
});
