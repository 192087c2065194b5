import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryElements, boundaryPolicies } from './boundaries.js';

export const ignores = [
  '**/node_modules/**',
  '**/dist/**',
  '**/storybook-static/**',
  '**/.turbo/**',
  '**/.reports/**',
  '**/coverage/**',
  '**/test-results/**',
  '**/playwright-report/**',
  '**/*.gen.ts',
  '**/.data/**',
  'tooling/lint/test/fixture-repo/**',
];

/**
 * The repository's ESLint flat config. `rootDir` is the repository root: boundary element
 * patterns and the TypeScript import resolver are relative to it (tests pass a fixture root).
 * @param {{ rootDir: string }} options
 */
export function gallopEslintConfig({ rootDir }) {
  return tseslint.config(
    { ignores },
    js.configs.recommended,
    tseslint.configs.recommended,
    {
      languageOptions: {
        ecmaVersion: 2023,
        sourceType: 'module',
        globals: { ...globals.node, ...globals.browser },
      },
      rules: {
        '@typescript-eslint/consistent-type-imports': [
          'error',
          { fixStyle: 'inline-type-imports' },
        ],
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        eqeqeq: ['error', 'smart'],
        'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
      },
    },
    {
      files: ['**/*.{tsx,jsx}'],
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'error',
      },
    },
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { boundaries },
      settings: {
        'boundaries/root-path': rootDir,
        'boundaries/elements': boundaryElements,
        'boundaries/legacy-templates': false,
        'import/resolver': {
          typescript: {
            alwaysTryTypes: true,
            noWarnOnMultipleProjects: true,
            project: [`${rootDir}/apps/*/tsconfig.json`, `${rootDir}/packages/*/tsconfig.json`],
          },
          node: true,
        },
      },
      rules: {
        'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }],
      },
    },
    {
      // One way to fetch in the apps (docs/decisions/104): query keys come from
      // @gallop/api-client's factories (`xQueryOptions(...).queryKey`, `operationKeys`,
      // `operationQueryKey`), never from array literals written next to the call.
      files: ['apps/**/*.{ts,tsx,js,mjs}'],
      rules: {
        'no-restricted-syntax': [
          'error',
          ...[
            "Property[key.name='queryKey'] > ArrayExpression",
            "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
            "Property[key.name='queryKey'] > TSSatisfiesExpression > ArrayExpression",
            "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)(Data|State)$/][arguments.0.type='ArrayExpression']",
          ].map((selector) => ({
            selector,
            message:
              "Query keys come from @gallop/api-client/query (a factory's `queryKey`, `operationKeys`, `operationQueryKey`), not array literals.",
          })),
        ],
      },
    },
    {
      // Scripts and config files print on purpose.
      files: [
        '**/scripts/**',
        'tooling/**',
        '**/*.config.{ts,js,mjs}',
        '**/bin/**',
        '**/server/**',
      ],
      rules: { 'no-console': 'off' },
    },
    prettier,
  );
}
