import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent, preloadLazyComponents } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load the test finishes by hand. */
function deferredLoad() {
  let finish: () => void = () => undefined;
  const loaded = new Promise<typeof Greeting>((resolve) => (finish = () => resolve(Greeting)));
  let calls = 0;
  const load = () => {
    calls += 1;
    return loaded;
  };
  return { load, finish: () => finish(), calls: () => calls };
}

describe('lazyComponent', () => {
  it('renders at once, in a Suspense boundary, once preloaded (the server)', async () => {
    const { load, finish } = deferredLoad();
    const LazyGreeting = lazyComponent(load);
    const loading = preloadLazyComponents();
    finish();
    await loading;
    expect(renderToString(<LazyGreeting name="Ada" />)).toBe(
      '<!--$--><p>Hello <!-- -->Ada</p><!--/$-->',
    );
  });

  it('shows nothing until its code arrives, then the component (the browser)', async () => {
    const { load, finish, calls } = deferredLoad();
    const LazyGreeting = lazyComponent(load);
    const { container } = render(<LazyGreeting name="Ada" />);
    expect(container.innerHTML).toBe('');
    await act(async () => finish());
    expect(screen.getByText('Hello Ada')).toBeDefined();
    // `preload` reuses the load under way: the code is fetched once.
    await LazyGreeting.preload();
    expect(calls()).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let attempt = 0;
    const LazyGreeting = lazyComponent(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return Greeting;
    });
    await expect(LazyGreeting.preload()).rejects.toThrow('Failed to fetch');
    await expect(LazyGreeting.preload()).resolves.toBeUndefined();
    expect(attempt).toBe(2);
  });
});
