import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  // Stories live beside the components in the kit; prose pages and the Patterns (screens composed
  // of kit components) live in this app.
  stories: [
    '../src/**/*.mdx',
    '../src/patterns/*.stories.@(ts|tsx)',
    '../../../packages/ui-kit/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // The phone input's flags, where the web serves them too (PHONE_FLAGS_PATH).
  staticDirs: [{ from: '../node_modules/flag-icons/flags/1x1', to: '/flags/1x1' }],
  // Pre-bundle the kit's dependencies up front: a mid-run re-optimisation reloads the page and
  // fails story tests on a cold CI cache.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    optimizeDeps: {
      ...viteConfig.optimizeDeps,
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        '@gallop/ui-kit > @internationalized/date',
        '@gallop/ui-kit > react-hook-form',
        '@gallop/ui-kit > libphonenumber-js',
        '@gallop/ui-kit > react-aria-components',
      ],
    },
  }),
  core: {
    // The package scripts also set STORYBOOK_DISABLE_TELEMETRY=1.
    disableTelemetry: true,
    // No update check against storybook.js.org: build and CI machines may have no internet.
    disableWhatsNewNotifications: true,
  },
};

export default config;
