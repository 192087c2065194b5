import { describe, expect, it } from 'vitest';
import { rendersLandingVideos } from './cluster.ts';

describe('rendersLandingVideos', () => {
  it('lets a single process and the first worker render, and no other worker', () => {
    expect(rendersLandingVideos(undefined)).toBe(true);
    expect(rendersLandingVideos({ id: 1 })).toBe(true);
    expect(rendersLandingVideos({ id: 2 })).toBe(false);
    // A replaced worker gets a new id: it renders nothing in the background.
    expect(rendersLandingVideos({ id: 3 })).toBe(false);
  });
});
