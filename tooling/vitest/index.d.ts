import type { TestProjectInlineConfiguration } from 'vitest/config';

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;
export declare function nodeProject(name: string): ProjectTest;
export declare function domProject(name: string): ProjectTest;
