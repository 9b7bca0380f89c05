import { defineConfig } from 'drizzle-kit';

// Migrations are generated once from the schema and applied at start to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
