import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAP_PREVIEW_SIZE, MapPreloader } from './map-preloader';

describe('MapPreloader', () => {
  it('shows the static preview and loads the map only on demand', async () => {
    let resolve: (node: React.ReactNode) => void = () => undefined;
    const loadMap = vi.fn(() => new Promise<React.ReactNode>((done) => (resolve = done)));
    render(<MapPreloader previewUrl="/map.png" previewAlt="Route near Almaty" loadMap={loadMap} />);
    expect(screen.getByRole('img', { name: 'Route near Almaty' })).toHaveAttribute(
      'width',
      String(MAP_PREVIEW_SIZE.width),
    );
    expect(loadMap).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    expect(loadMap).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Loading the map…' })).toBeDisabled();
    resolve(<div>Interactive map</div>);
    expect(await screen.findByText('Interactive map')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('reports a failed load and lets the user retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loadMap = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(<p>Map</p>);
    render(<MapPreloader previewUrl="/map.png" previewAlt="Route" loadMap={loadMap} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Map')).toBeInTheDocument();
  });
});
