import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInputUntilHydrated, releaseHeldInput, releasingHeldInput } from './held-input';

function page() {
  document.body.innerHTML = `
    <div class="part"><label><input type="checkbox" id="inside"> Spain</label></div>
    <div class="other"><input type="checkbox" id="outside"></div>`;
  const inside = document.getElementById('inside') as HTMLInputElement;
  const outside = document.getElementById('outside') as HTMLInputElement;
  const heard = vi.fn();
  // Stands for React's listener on its root: it must not hear a held click.
  document.body.addEventListener('click', (event) => heard((event.target as Element).id));
  return { inside, outside, heard };
}

afterEach(() => {
  releaseHeldInput('.part');
  document.body.innerHTML = '';
});

describe('held input', () => {
  it('holds a click inside the waiting part and replays the last one on release', () => {
    const { inside, heard } = page();
    holdInputUntilHydrated('.part');
    inside.click();
    expect(inside.checked).toBe(false);
    expect(heard).not.toHaveBeenCalled();
    releaseHeldInput('.part');
    expect(inside.checked).toBe(true);
    expect(heard).toHaveBeenCalledExactlyOnceWith('inside');
  });

  it('leaves clicks elsewhere alone, and clicks after the release', () => {
    const { inside, outside, heard } = page();
    holdInputUntilHydrated('.part');
    outside.click();
    expect(outside.checked).toBe(true);
    releaseHeldInput('.part');
    inside.click();
    expect(inside.checked).toBe(true);
    expect(heard.mock.calls).toEqual([['outside'], ['inside']]);
  });

  it('replays nothing when nothing was tapped, or when the element is gone', () => {
    const { inside, heard } = page();
    holdInputUntilHydrated('.part');
    releaseHeldInput('.part');
    expect(heard).not.toHaveBeenCalled();
    holdInputUntilHydrated('.part');
    inside.click();
    inside.closest('.part')!.remove();
    releaseHeldInput('.part');
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('releasingHeldInput', () => {
  function Sort({ label }: { label: string }) {
    return <button type="button">{label}</button>;
  }

  it('renders the same HTML as the part itself', () => {
    const Releasing = releasingHeldInput(Sort, '.part');
    expect(renderToString(<Releasing label="Cheapest first" />)).toBe(
      renderToString(<Sort label="Cheapest first" />),
    );
  });

  it('replays the held click once the part has mounted', () => {
    const { inside, heard } = page();
    holdInputUntilHydrated('.part');
    inside.click();
    expect(heard).not.toHaveBeenCalled();
    const Releasing = releasingHeldInput(Sort, '.part');
    render(<Releasing label="Sort" />, {
      container: document.body.appendChild(document.createElement('div')),
    });
    expect(heard).toHaveBeenCalledExactlyOnceWith('inside');
    expect(inside.checked).toBe(true);
  });
});
