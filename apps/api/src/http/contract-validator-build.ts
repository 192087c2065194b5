/**
 * Build step (tsup's `onSuccess`): compiles the OpenAPI 3.1 schema with the Ajv, formats and
 * options the installed `@seriousme/openapi-schema-validator` uses, as standalone code in
 * `dist/` (see `contract-validator.ts`). Not imported by the app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  installedSchemaId,
  PRECOMPILED_VALIDATOR_FILE,
  schemaValidatorPackage,
} from './contract-validator.ts';

interface AjvInstance {
  compile(schema: object): unknown;
  addFormat(name: string, format: boolean): unknown;
}

/** Writes the precompiled validator into `dir`; answers the file written. */
export function writePrecompiledContractValidator(dir: URL): URL {
  const packageDir = schemaValidatorPackage();
  // The validator's own dependencies, so the code is what it would compile at start.
  const require = createRequire(`${packageDir}index.js`);
  const Ajv2020 = (require('ajv/dist/2020.js') as { default: new (options: object) => AjvInstance })
    .default;
  const standaloneCode = (
    require('ajv/dist/standalone/index.js') as {
      default: (ajv: AjvInstance, validate: unknown) => string;
    }
  ).default;
  const addFormats = (require('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;

  const schema = JSON.parse(readFileSync(`${packageDir}schemas/v3.1/schema.json`, 'utf8')) as {
    $id: string;
  };
  // As the validator's constructor and `getAjvValidator` set it up (strict off, its formats).
  const ajv = new Ajv2020({ strict: false, code: { source: true, esm: true } });
  addFormats(ajv);
  ajv.addFormat('media-range', true);
  const code = standaloneCode(ajv, ajv.compile(schema));
  // Self-contained (formats inlined as regular expressions); a runtime import would not resolve
  // from `dist/`.
  if (/\brequire\(/.test(code)) {
    throw new Error('the precompiled OpenAPI schema validator needs a runtime module');
  }
  const file = new URL(PRECOMPILED_VALIDATOR_FILE, dir);
  const schemaId = `export const schemaId = ${JSON.stringify(installedSchemaId(packageDir))};`;
  writeFileSync(file, `${code}\n${schemaId}\n`);
  return file;
}
