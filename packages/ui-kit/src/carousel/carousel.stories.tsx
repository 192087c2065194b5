import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor } from 'storybook/test';
import { imageUrl } from '../media/media';
import { samplePhotos } from '../media/sample-photos';
import { Carousel } from './carousel';

const photos = samplePhotos(4);

const meta = {
  title: 'Media/Carousel',
  tags: ['autodocs'],
  component: Carousel,
  args: {
    label: 'Photos of the Tian Shan ride',
    onIndexChange: fn(),
    children: photos.map((photo) => (
      <img
        key={photo.image}
        src={imageUrl(photo.image, '1200x00')}
        alt={photo.alt}
        width={1200}
        height={800}
      />
    )),
  },
  argTypes: { children: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Carousel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Buttons step through the slides and stop at the ends. */
export const Buttons: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onIndexChange).toHaveBeenCalledWith(1);
  },
};

function swipe(viewport: Element, dx: number, dy: number) {
  fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 400, clientY: 200 });
  fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 400 + dx, clientY: 200 + dy });
  fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 400 + dx, clientY: 200 + dy });
}

/** A quick swipe past the 5 px threshold within 45° moves; a steep drag scrolls the page. */
export const Swipe: Story = {
  play: async ({ args, canvas }) => {
    const viewport = canvas.getByTestId('carousel-viewport');
    swipe(viewport, -8, 30);
    await expect(args.onIndexChange).not.toHaveBeenCalled();
    swipe(viewport, -60, 10);
    await waitFor(() => expect(args.onIndexChange).toHaveBeenCalledWith(1));
  },
};
