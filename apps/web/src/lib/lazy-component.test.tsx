import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent, PartLoadError, preloadLazyComponents } from './lazy-component';
import { deferredLoad, Greeting } from './testing/deferred-load';

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
    const failure = await LazyGreeting.preload().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PartLoadError);
    expect(String((failure as Error).cause)).toContain('Failed to fetch');
    await expect(LazyGreeting.preload()).resolves.toBeUndefined();
    expect(attempt).toBe(2);
  });

  it('leaves the part out when its code cannot load, keeps the page, and tries again online', async () => {
    let attempt = 0;
    const LazyGreeting = lazyComponent(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return Greeting;
    });
    render(
      <main>
        <p>The conversation</p>
        <LazyGreeting name="Ada" />
      </main>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('The conversation')).toBeDefined();
    expect(screen.queryByText('Hello Ada')).toBeNull();
    expect(attempt).toBe(1);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(await screen.findByText('Hello Ada')).toBeDefined();
    expect(attempt).toBe(2);
  });

  it('lets an error of the loaded part reach the page', async () => {
    function Broken(): never {
      throw new Error('the part itself is broken');
    }
    const LazyBroken = lazyComponent(async () => Broken);
    await LazyBroken.preload();
    const errors: unknown[] = [];
    class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        errors.push(error);
      }
      override render() {
        return this.state.failed ? <p>Page error</p> : this.props.children;
      }
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageBoundary>
        <LazyBroken />
      </PageBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByText('Page error')).toBeDefined();
    expect(String(errors[0])).toContain('the part itself is broken');
  });
});
