import { describe, expect, it, vi } from 'vitest';
import { loadInFull } from './start-shell-effects';

const fakeLocation = () => ({ assign: vi.fn(), replace: vi.fn(), reload: vi.fn() });

describe('loadInFull', () => {
  it('turns a link or redirect into a full page load and blocks the app navigation', () => {
    const location = fakeLocation();
    expect(loadInFull('PUSH', '/favorites', location)).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/favorites');
    expect(loadInFull('REPLACE', '/tours?page=2', location)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('/tours?page=2');
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('reloads the address Back or Forward has already shown', () => {
    const location = fakeLocation();
    expect(loadInFull('BACK', '/tours', location)).toBe(false);
    expect(loadInFull('FORWARD', '/favorites', location)).toBe(false);
    expect(location.reload).toHaveBeenCalledTimes(2);
    expect(location.assign).not.toHaveBeenCalled();
  });
});
