import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent } from 'storybook/test';
import { imageUrl } from '../media/media';
import { samplePhotos } from '../media/sample-photos';
import { BackgroundVideoCarousel } from './background-video-carousel';

// No video files ship with the kit: the stories show the placeholder colours and the poster, and
// drive the carousel through media events.
const meta = {
  title: 'Media/BackgroundVideoCarousel',
  tags: ['autodocs'],
  component: BackgroundVideoCarousel,
  args: {
    poster: imageUrl(samplePhotos(1)[0]!.image, '1200x00'),
    videos: [
      {
        small: '/stories/steppe-small.mp4',
        large: '/stories/steppe-large.mp4',
        placeholderColor: '#6b5a3e',
      },
      {
        small: '/stories/canyon-small.mp4',
        large: '/stories/canyon-large.mp4',
        placeholderColor: '#7a4a36',
      },
      {
        small: '/stories/lake-small.mp4',
        large: '/stories/lake-large.mp4',
        placeholderColor: '#33506b',
      },
    ],
    children: (
      <h2 style={{ margin: 0, fontFamily: 'var(--gk-font-display)', fontSize: 36 }}>
        Ride where the road ends
      </h2>
    ),
  },
  argTypes: { children: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BackgroundVideoCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The placeholder colour shows until the first video plays. */
export const Placeholder: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.gk-bg-video')).toHaveStyle({
      backgroundColor: 'rgb(107, 90, 62)',
    });
  },
};

/** A finished video hands over to the next one; the button pauses them. */
export const NextAndPause: Story = {
  play: async ({ canvas, canvasElement }) => {
    fireEvent.ended(canvasElement.querySelector('video')!);
    await expect(canvasElement.querySelector('video')).toHaveAttribute('data-index', '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Pause background video' }));
    await expect(canvas.getByRole('button', { name: 'Play background video' })).toBeVisible();
  },
};

/**
 * Content may reach past the carousel's bottom edge (a search box's suggestions over the next
 * section): it is not clipped, and stays on top where it overlaps what comes next.
 */
export const ContentOverflowsBelow: Story = {
  args: {
    children: (
      <div style={{ position: 'relative' }}>
        <h2 style={{ margin: 0, fontFamily: 'var(--gk-font-display)', fontSize: 36 }}>
          Ride where the road ends
        </h2>
        <ul
          aria-label="Suggestions"
          style={{
            position: 'absolute',
            top: '100%',
            left: 0,
            zIndex: 20,
            margin: 0,
            padding: 8,
            width: 280,
            height: 600,
            listStyle: 'none',
            background: '#fff',
            color: '#1b1530',
          }}
        >
          <li>Far below the carousel</li>
        </ul>
      </div>
    ),
  },
  render: (args) => (
    <>
      <BackgroundVideoCarousel {...args} />
      <div
        data-testid="next-section"
        style={{ position: 'relative', zIndex: 1, height: 400, marginTop: -40, background: '#eee' }}
      />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    const carousel = canvasElement.querySelector('.gk-bg-video')!.getBoundingClientRect();
    const list = canvas.getByRole('list', { name: 'Suggestions' });
    const { left } = list.getBoundingClientRect();
    // A point of the list past the carousel's bottom edge, over the next section.
    const hit = document.elementFromPoint(left + 20, carousel.bottom + 100);
    await expect(list.contains(hit)).toBe(true);
  },
};
