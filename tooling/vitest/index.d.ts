// Plain structural types (not vitest's own), so a package whose vitest copy differs from this
// package's still accepts the presets in `defineProject`.
export interface ProjectPreset {
  name: string;
  environment: 'node' | 'happy-dom';
  include: string[];
  setupFiles?: string[];
  restoreMocks: boolean;
  isolate?: boolean;
}
export declare function nodeProject(name: string): ProjectPreset;
export declare function domProject(name: string): ProjectPreset;
export declare function moduleReplacingTests(root: string, folders: string[]): string[];
