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

  it('fails the web or another package importing the search index, and lets the API use it', async () => {
    const fromWeb = await boundaryErrors(
      'apps/web/src/features/search/uses-index.ts',
      "import { indexSearch } from '../../../../../packages/search-index/src/index';\nexport const x = indexSearch;\n",
    );
    expect(fromWeb).toHaveLength(1);
    expect(fromWeb[0]?.message).toContain('Only the API uses @gallop/search-index');
    const fromPackage = await boundaryErrors(
      'packages/ui-kit/src/uses-index.ts',
      "import { indexSearch } from '../../search-index/src/index';\nexport const x = indexSearch;\n",
    );
    expect(fromPackage).toHaveLength(1);
    const fromApi = await boundaryErrors(
      'apps/api/src/modules/catalog/search.ts',
      "import { indexSearch } from '../../../../../packages/search-index/src/index';\nexport const x = indexSearch;\n",
    );
    expect(fromApi).toEqual([]);
  });

  it('fails the booking rules importing another package, and lets the API and the web use them', async () => {
    const fromRules = await boundaryErrors(
      'packages/booking-rules/src/uses-index.ts',
      "import { indexSearch } from '../../search-index/src/index';\nexport const x = indexSearch;\n",
    );
    expect(fromRules).toHaveLength(1);
    expect(fromRules[0]?.message).toContain('@gallop/booking-rules imports no other package');
    const own = await boundaryErrors(
      'packages/booking-rules/src/cancellation-policy.ts',
      "import { daysUntil } from './pricing';\nexport const x = daysUntil;\n",
    );
    expect(own).toEqual([]);
    const fromWeb = await boundaryErrors(
      'apps/web/src/features/booking/quote.ts',
      "import { quote } from '../../../../../packages/booking-rules/src/index';\nexport const x = quote;\n",
    );
    expect(fromWeb).toEqual([]);
    const fromApi = await boundaryErrors(
      'apps/api/src/modules/payments/payments.ts',
      "import { quote } from '../../../../../packages/booking-rules/src/index';\nexport const x = quote;\n",
    );
    expect(fromApi).toEqual([]);
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

describe('API modules', () => {
  const internals = "import { STATUS } from '../bookings/records.ts';\nexport const x = STATUS;\n";
  const index = "import { STATUS } from '../bookings/index.ts';\nexport const x = STATUS;\n";

  it("fails a module that imports another module's internals", async () => {
    const errors = await boundaryErrors('apps/api/src/modules/payments/payments.ts', internals);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('API modules use each other only through index.ts');
  });

  it("fails an import of another module's internals through the #src alias", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/payments/payments.ts',
      "import { STATUS } from '#src/modules/bookings/records.ts';\nexport const x = STATUS;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a module import another module's index.ts", async () => {
    const errors = await boundaryErrors('apps/api/src/modules/payments/payments.ts', index);
    expect(errors).toEqual([]);
  });

  it('lets a module, and its tests, import its own files', async () => {
    const own = "import { STATUS } from './records.ts';\nexport const x = STATUS;\n";
    expect(await boundaryErrors('apps/api/src/modules/bookings/handlers.ts', own)).toEqual([]);
    expect(await boundaryErrors('apps/api/src/modules/bookings/handlers.test.ts', own)).toEqual([]);
  });

  it("fails a module's test that imports another module's internals", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/payments/payments.test.ts',
      internals,
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a test, and only a test, use another module's testing.ts", async () => {
    const helper =
      "import { findBookableDate } from '../bookings/testing.ts';\nexport const x = findBookableDate;\n";
    expect(await boundaryErrors('apps/api/src/modules/payments/payments.test.ts', helper)).toEqual(
      [],
    );
    const errors = await boundaryErrors('apps/api/src/modules/payments/payments.ts', helper);
    expect(errors).toHaveLength(1);
  });

  it('fails src/shared importing a module, even its index.ts', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/shared/money.ts',
      "import { STATUS } from '../modules/bookings/index.ts';\nexport const x = STATUS;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('src/shared never imports an API module');
  });

  it('lets a module import src/shared', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/payments/payments.ts',
      "import { todayIso } from '../../shared/dates.ts';\nexport const x = todayIso;\n",
    );
    expect(errors).toEqual([]);
  });

  it("fails the API's code outside modules importing a module's internals", async () => {
    const code =
      "import { STATUS } from './modules/bookings/records.ts';\nexport const x = STATUS;\n";
    const errors = await boundaryErrors('apps/api/src/app.ts', code);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('outside modules uses a module only through its index.ts');
    const fromTest = await boundaryErrors(
      'apps/api/src/db/aggregates.test.ts',
      "import { STATUS } from '../modules/bookings/records.ts';\nexport const x = STATUS;\n",
    );
    expect(fromTest).toHaveLength(1);
  });

  it("fails the demo package importing a module's internals, and lets it use index.ts", async () => {
    const internals = await boundaryErrors(
      'apps/api-demo/src/seed/tours.ts',
      "import { STATUS } from '../../../api/src/modules/bookings/records.ts';\nexport const x = STATUS;\n",
    );
    expect(internals).toHaveLength(1);
    expect(internals[0]?.message).toContain('only through its index.ts');
    const index = await boundaryErrors(
      'apps/api-demo/src/seed/tours.ts',
      "import { STATUS } from '../../../api/src/modules/bookings/index.ts';\nexport const x = STATUS;\n",
    );
    expect(index).toEqual([]);
  });

  it('fails the API importing its demo package, but in the demo loader and in tests', async () => {
    const code =
      "import { demoPlugin } from '../../../../api-demo/src/index.ts';\nexport const x = demoPlugin;\n";
    const fromModule = await boundaryErrors('apps/api/src/modules/bookings/uses-demo.ts', code);
    expect(fromModule).toHaveLength(1);
    expect(fromModule[0]?.message).toContain('never imports the demo package');
    const fromApp = await boundaryErrors(
      'apps/api/src/app.ts',
      "import { demoPlugin } from '../../api-demo/src/index.ts';\nexport const x = demoPlugin;\n",
    );
    expect(fromApp).toHaveLength(1);
    const fromLoader = await boundaryErrors(
      'apps/api/src/demo/plugin.ts',
      "import { demoPlugin } from '../../../api-demo/src/index.ts';\nexport const x = demoPlugin;\n",
    );
    expect(fromLoader).toEqual([]);
    expect(await boundaryErrors('apps/api/src/modules/bookings/uses-demo.test.ts', code)).toEqual(
      [],
    );
  });

  it("lets the API's code outside modules import a module's index.ts", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/app.ts',
      "import { STATUS } from './modules/bookings/index.ts';\nexport const x = STATUS;\n",
    );
    expect(errors).toEqual([]);
  });

  it('fails a module that imports the web app', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/payments/payments.ts',
      "import { bookingApi } from '../../../../web/src/features/booking/api';\nexport const x = bookingApi;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('The API never imports the web app');
  });
});
