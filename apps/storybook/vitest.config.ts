import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { chromiumLaunchOptions } from '@gallop/vitest-config/browser';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Two projects. `storybook`: every story becomes a test, rendered in real Chromium;
// `parameters.a11y.test: 'error'` in .storybook/preview.ts makes axe violations fail it. Preview annotations (ours and the addons')
// are applied by the plugin itself since Storybook 10.3, so there is no vitest.setup.ts.
// https://storybook.js.org/docs/writing-tests/integrations/vitest-addon

export default defineConfig({
  test: {
    // Read by tooling/scripts/test-all.mjs.
    reporters: ['default', ['json', { outputFile: '.reports/vitest-stories.json' }]],
    projects: [
      {
        plugins: [
          storybookTest({
            configDir: fileURLToPath(new URL('./.storybook', import.meta.url)),
            // Failure messages link here; `pnpm storybook` serves on loopback.
            storybookUrl: 'http://127.0.0.1:6006',
          }),
        ],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            // Vitest's browser server stays on loopback.
            api: { host: '127.0.0.1' },
            // CHROME_PATH, else Debian's headless shell or Chromium (never `playwright install`
            // here), with switches that keep the browser off the network.
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        // `docs`: the built site's docs pages, opened in Chromium by Playwright (test/*.test.ts);
        // the build is reused when no story, page or config file is newer (test/static-site.ts).
        test: {
          name: 'docs',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
