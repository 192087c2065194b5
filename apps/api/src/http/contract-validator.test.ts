import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContract } from '#src/contract.ts';
import { writePrecompiledContractValidator } from './contract-validator-build.ts';
import { installPrecompiledValidator, schemaValidatorPackage } from './contract-validator.ts';

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
interface ValidatorInstance {
  getAjvValidator(version: string): Validate;
  validate(spec: unknown): Promise<{ valid: boolean; errors?: unknown }>;
}

const folder = mkdtempSync(join(tmpdir(), 'gallop-oas-'));
const dir = pathToFileURL(`${folder}/`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function validatorClass(): Promise<new () => ValidatorInstance> {
  const module = (await import(pathToFileURL(`${schemaValidatorPackage()}index.js`).href)) as {
    Validator: new () => ValidatorInstance;
  };
  return module.Validator;
}

/** The contract with one operation's responses broken. */
function brokenContract(): unknown {
  const contract = structuredClone(loadContract()) as { paths: Record<string, { get?: object }> };
  const [path] = Object.keys(contract.paths).filter((key) => contract.paths[key]!.get);
  contract.paths[path!]!.get = { responses: 5 };
  return contract;
}

describe('the precompiled OpenAPI 3.1 schema (decision 076)', () => {
  it('judges contracts as the validator compiling the schema itself does', async () => {
    const file = writePrecompiledContractValidator(dir);
    const { validate } = (await import(file.href)) as { validate: Validate };
    const Validator = await validatorClass();
    const compiled = new Validator().getAjvValidator('3.1');
    for (const contract of [loadContract(), brokenContract()]) {
      const expected = compiled(structuredClone(contract));
      expect(validate(structuredClone(contract))).toBe(expected);
      expect(validate.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(validate(brokenContract())).toBe(false);
  });

  it("is what fastify-openapi-glue's validator then uses, and still rejects a broken contract", async () => {
    writePrecompiledContractValidator(dir);
    expect(await installPrecompiledValidator(new URL('openapi-3.1-validator.js', dir))).toBe(true);
    const { validate } = (await import(new URL('openapi-3.1-validator.js', dir).href)) as {
      validate: Validate;
    };
    const Validator = await validatorClass();
    expect(new Validator().getAjvValidator('3.1')).toBe(validate);
    expect((await new Validator().validate(structuredClone(loadContract()))).valid).toBe(true);
    expect((await new Validator().validate(brokenContract())).valid).toBe(false);
  });

  it('is left unused when missing or built from another schema', async () => {
    expect(await installPrecompiledValidator(new URL('absent.js', dir))).toBe(false);
    const stale = new URL('stale.js', dir);
    const code = readFileSync(writePrecompiledContractValidator(dir), 'utf8').replace(
      /export const schemaId = .*/,
      'export const schemaId = "https://spec.openapis.org/oas/3.1/schema/1999-01-01";',
    );
    expect(code).toContain('1999-01-01');
    writeFileSync(stale, code);
    expect(await installPrecompiledValidator(stale)).toBe(false);
  });
});
