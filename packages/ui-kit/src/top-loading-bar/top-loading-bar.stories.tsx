import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { TopLoadingBar } from './top-loading-bar';

function Demo() {
  const [loading, setLoading] = useState(false);
  return (
    <>
      <TopLoadingBar loading={loading} />
      <Button theme="primary" onClick={() => setLoading(!loading)}>
        {loading ? 'Finish navigation' : 'Start navigation'}
      </Button>
    </>
  );
}

const meta = {
  title: 'Page pieces/TopLoadingBar',
  component: TopLoadingBar,
  tags: ['autodocs'],
  args: { loading: true },
} satisfies Meta<typeof TopLoadingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While loading: a 3 px #793DFC bar crawling to 90 % over 2000 ms. */
export const Loading: Story = {
  play: async () => {
    const bar = await within(document.body).findByRole('progressbar', { name: 'Loading page' });
    await expect(bar.getBoundingClientRect().height).toBe(3);
    await expect(getComputedStyle(bar.firstElementChild!).backgroundColor).toBe(
      'rgb(121, 61, 252)',
    );
  },
};

/** A navigation: shown after 200 ms, full on finish, hidden 500 ms later, reset after 400 ms. */
export const Navigation: Story = {
  render: () => <Demo />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start navigation' }));
    const bar = await canvas.findByRole('progressbar');
    await expect(bar).toHaveAttribute('data-phase', 'running');
    await userEvent.click(canvas.getByRole('button', { name: 'Finish navigation' }));
    await waitFor(() => expect(bar).toHaveAttribute('data-phase', 'finishing'));
    await waitFor(() => expect(canvas.queryByRole('progressbar', { hidden: true })).toBeNull(), {
      timeout: 2000,
    });
  },
};
