import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a migration for each schema change; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/adapters/db/schema/index.ts',
  out: './lib/adapters/db/migrations',
});
