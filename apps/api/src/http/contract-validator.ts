/**
 * fastify-openapi-glue checks the contract against the OpenAPI 3.1 schema at every start, and
 * compiles that schema with Ajv first: 0.12 s alone, up to 0.4 s while the database opens beside
 * it (decision 076). The build compiles it once into `dist/` (see `contract-validator-build.ts`);
 * the start hands that to the validator glue uses, so the contract is still checked, with the
 * same schema, without compiling it again. Run from `src/` (tests, tsx) nothing is precompiled
 * and glue compiles as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** The precompiled validator's file name, next to the bundle. */
export const PRECOMPILED_VALIDATOR_FILE = 'openapi-3.1-validator.js';

/** The OpenAPI version whose schema is precompiled (the contract's). */
const VERSION = '3.1';

type SchemaValidate = ((data: unknown) => boolean) & { errors?: unknown };

interface PrecompiledModule {
  validate: SchemaValidate;
  /** The compiled schema's `$id`: it must be the one the installed validator ships. */
  schemaId: string;
}

interface ValidatorClass {
  prototype: { getAjvValidator(this: unknown, version: string): SchemaValidate };
}

/** The folder of `@seriousme/openapi-schema-validator` as fastify-openapi-glue resolves it. */
export function schemaValidatorPackage(): string {
  const glue = createRequire(import.meta.url).resolve('fastify-openapi-glue');
  const entry = createRequire(glue).resolve('@seriousme/openapi-schema-validator');
  return new URL('.', pathToFileURL(entry)).pathname;
}

/** The `$id` of the OpenAPI schema the installed validator checks `version` against. */
export function installedSchemaId(packageDir = schemaValidatorPackage()): string {
  const file = `${packageDir}schemas/v${VERSION}/schema.json`;
  return (JSON.parse(readFileSync(file, 'utf8')) as { $id: string }).$id;
}

/**
 * Makes the validator fastify-openapi-glue uses take the precompiled 3.1 schema in `dir` when
 * it is there and compiled from the installed schema; answers whether it does.
 */
export function usePrecompiledContractValidator(dir: URL): Promise<boolean> {
  // Once per process: every app built in it uses the same validator class.
  return (using ??= installPrecompiledValidator(new URL(PRECOMPILED_VALIDATOR_FILE, dir)));
}

let using: Promise<boolean> | undefined;

/** `usePrecompiledContractValidator` for one file, every time it is called (tests). */
export async function installPrecompiledValidator(file: URL): Promise<boolean> {
  if (!existsSync(file)) return false;
  const packageDir = schemaValidatorPackage();
  const [precompiled, { Validator }] = await Promise.all([
    import(file.href) as Promise<PrecompiledModule>,
    import(pathToFileURL(`${packageDir}index.js`).href) as Promise<{ Validator: ValidatorClass }>,
  ]);
  // Built against another version of the schema (dependencies changed since): compile as before.
  if (precompiled.schemaId !== installedSchemaId(packageDir)) return false;
  const compile = Validator.prototype.getAjvValidator;
  Validator.prototype.getAjvValidator = function getAjvValidator(version) {
    return version === VERSION ? precompiled.validate : compile.call(this, version);
  };
  return true;
}
