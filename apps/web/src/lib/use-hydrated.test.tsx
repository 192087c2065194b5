import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe() {
  return <span>{useHydrated() ? 'busy' : 'idle'}</span>;
}

describe('useHydrated', () => {
  it('renders as the server did while hydrating, then the client state, with no mismatch', async () => {
    const html = renderToString(<Probe />);
    expect(html).toBe('<span>idle</span>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    await waitFor(() => expect(container.textContent).toBe('busy'));
    expect(mismatches).toEqual([]);
  });
});
