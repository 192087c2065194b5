import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { samplePhotos } from '../media/sample-photos';
import { TILE_GALLERY_GAP, TILE_GALLERY_LIMIT, TileGallery } from './tile-gallery';

describe('TileGallery', () => {
  it('shows 6 tiles by default and counts the rest on the last one', () => {
    render(<TileGallery items={samplePhotos(9)} onOpen={vi.fn()} />);
    expect(TILE_GALLERY_LIMIT).toBe(6);
    expect(screen.getAllByRole('button')).toHaveLength(6);
    expect(screen.getAllByRole('listitem')[5]).toHaveTextContent('+3 photos');
  });

  it('uses gaps 4 on desktop and 8 on mobile', () => {
    const { container } = render(<TileGallery items={samplePhotos(2)} onOpen={vi.fn()} />);
    expect(TILE_GALLERY_GAP).toEqual({ desktop: 4, mobile: 8 });
    const list = container.querySelector('ul')!;
    expect(list.style.getPropertyValue('--gk-tile-gallery-gap')).toBe('4px');
    expect(list.style.getPropertyValue('--gk-tile-gallery-gap-mobile')).toBe('8px');
  });

  it('opens the viewer at the chosen tile', async () => {
    const onOpen = vi.fn();
    render(<TileGallery items={samplePhotos(7)} limit={3} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /Open photo 3 of 7.*\+4 photos/ }));
    expect(onOpen).toHaveBeenCalledWith(2);
  });
});
