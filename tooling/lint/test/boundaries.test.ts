import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gallopEslintConfig } from '../eslint.js';

const fixtureRoot = fileURLToPath(new URL('./fixture-repo', import.meta.url));

async function boundaryErrors(filePath: string, code: string) {
  const eslint = new ESLint({
    cwd: fixtureRoot,
    overrideConfigFile: true,
    // The fixture is ignored by the main config; lint it here with the same rules.
    overrideConfig: gallopEslintConfig({ rootDir: fixtureRoot }).map((block) =>
      block.ignores && Object.keys(block).length === 1
        ? { ignores: ['**/node_modules/**'] }
        : block,
    ),
  });
  const [result] = await eslint.lintText(code, { filePath: `${fixtureRoot}/${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies');
}

describe('one-way imports', () => {
  it('fails a web feature that imports another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/search/uses-booking.ts',
      "import { bookingApi } from '../booking/api';\nexport const x = bookingApi;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('Web features do not import each other');
  });

  it('lets a feature import its own modules', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/search/own.ts',
      "import { helper } from './helper';\nexport const x = helper;\n",
    );
    expect(errors).toEqual([]);
  });

  it('lets a route compose several features', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/routes/search.ts',
      "import { searchApi } from '../features/search/api';\nimport { bookingApi } from '../features/booking/api';\nexport const x = [searchApi, bookingApi];\n",
    );
    expect(errors).toEqual([]);
  });

  it('fails a feature that imports a route', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/search/uses-route.ts',
      "import { routeOptions } from '../../routes/index';\nexport const x = routeOptions;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('fails a package that imports an app', async () => {
    const errors = await boundaryErrors(
      'packages/ui-kit/src/uses-app.ts',
      "import { searchApi } from '../../../apps/web/src/features/search/api';\nexport const x = searchApi;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('Packages never import apps');
  });

  it('fails the ui-kit importing the API client', async () => {
    const errors = await boundaryErrors(
      'packages/ui-kit/src/uses-api.ts',
      "import { createGallopClient } from '../../api-client/src/index';\nexport const x = createGallopClient;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('knows no API');
  });
});
