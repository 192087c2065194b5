import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { samplePhotos } from '../media/sample-photos';
import { PhotoPreview } from './photo-preview';

const photos = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    image: `/media/${i}/{{size}}.jpg`,
    alt: `Photo ${i}`,
  }));

describe('PhotoPreview', () => {
  it('shows 3 images by default with the spec thumbnail sizes', () => {
    render(<PhotoPreview photos={photos(5)} />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images[0]).toHaveAttribute('src', '/media/0/185x122.jpg');
    expect(images[0]).toHaveAttribute('srcset', '/media/0/185x122.jpg 1x, /media/0/370x244.jpg 2x');
    const mobile = document.querySelector('source');
    expect(mobile).toHaveAttribute('srcset', '/media/0/150x95.jpg');
  });

  it("puts '+N more photos' on the last preview only", () => {
    render(<PhotoPreview photos={photos(7)} />);
    expect(screen.getByText('4 more photos')).toBeInTheDocument();
    expect(screen.getByText('+4')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent('4 more photos');
  });

  it('says photo for one and shows no overlay when nothing is hidden', () => {
    const { rerender } = render(<PhotoPreview photos={photos(4)} />);
    expect(screen.getByText('1 more photo')).toBeInTheDocument();
    rerender(<PhotoPreview photos={photos(3)} />);
    expect(screen.queryByText(/more photo/)).not.toBeInTheDocument();
  });

  it('opens the gallery at the clicked photo', async () => {
    const onOpen = vi.fn();
    render(<PhotoPreview photos={samplePhotos(6)} onOpen={onOpen} limit={2} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    expect(buttons[1]).toHaveAccessibleName(/Open photo 2 of 6: .*\. 4 more photos/);
    await userEvent.click(buttons[1]!);
    expect(onOpen).toHaveBeenCalledWith(1);
  });
});
