import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { afterNearViewport, whenNearViewport } from './after-near-viewport';
import { deferredLoad } from './testing/deferred-load';

describe('afterNearViewport', () => {
  /** An IntersectionObserver the test drives: `enter()` reports the observed marker in view. */
  function fakeObserver() {
    const observed: {
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
    }[] = [];
    class FakeIntersectionObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    return {
      observed,
      enter: () =>
        observed
          .at(-1)!
          .callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          ),
    };
  }

  it('loads and renders the part only once its place comes near the window', async () => {
    const io = fakeObserver();
    const { load, finish, calls } = deferredLoad();
    const Part = afterNearViewport(load);
    const { container } = render(<Part name="Maya" />);
    // A marker holds the place; nothing is loaded while it is far from the window.
    expect(container.querySelector('[data-near-viewport]')).not.toBeNull();
    expect(io.observed[0]!.options?.rootMargin).toBe('800px 0px');
    expect(calls()).toBe(0);

    await act(async () => io.enter());
    expect(calls()).toBe(1);
    await act(async () => finish());
    expect(screen.getByText('Hello Maya')).toBeInTheDocument();
    expect(container.querySelector('[data-near-viewport]')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('renders nothing on the server but the marker', () => {
    const Part = afterNearViewport(deferredLoad().load);
    expect(renderToString(<Part name="Maya" />)).toBe('<div data-near-viewport=""></div>');
  });

  it('waits for an element until it comes near the window, or until released', async () => {
    const io = fakeObserver();
    const settled = (wait: { promise: Promise<void> }) =>
      Promise.race([wait.promise.then(() => true), new Promise((r) => setTimeout(r, 10, false))]);
    const element = document.createElement('section');

    const entering = whenNearViewport(element);
    expect(await settled(entering)).toBe(false);
    io.enter();
    expect(await settled(entering)).toBe(true);

    const released = whenNearViewport(element);
    expect(await settled(released)).toBe(false);
    released.release();
    expect(await settled(released)).toBe(true);

    const cancelled = whenNearViewport(element);
    cancelled.cancel();
    expect(await settled(cancelled)).toBe(false);
    vi.unstubAllGlobals();
  });
});
