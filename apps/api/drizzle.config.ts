import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes SQL migrations from the schema; they are committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
