import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ErrorView } from './error-view';

const meta = {
  title: 'Page pieces/ErrorView',
  component: ErrorView,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ErrorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  args: { status: 404 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found...');
    await expect(canvas.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
  },
};

export const Forbidden: Story = {
  args: { status: 403 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Sorry, you do not have permission to access this page.'),
    ).toBeVisible();
  },
};

/** 503 with the main phone, email and messenger. */
export const Unavailable: Story = {
  args: {
    status: 503,
    contacts: [
      { label: 'Call +1 555 0100', href: 'tel:+15550100' },
      { label: 'Email support', href: 'mailto:help@gallop.example' },
      { label: 'WhatsApp', href: 'https://wa.me/15550100' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('An error occurred');
    await expect(canvas.getAllByRole('link')).toHaveLength(3);
  },
};

export const Gone: Story = {
  args: { status: 410 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('tour dates have passed');
  },
};

export const InternalError: Story = {
  args: { status: 500 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent('Internal Error');
  },
};
