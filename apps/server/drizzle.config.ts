import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // every feature's and plugin's tables (db/schema.ts gathers the same files for the typed client)
  schema: './src/**/*.tables.ts',
  out: './src/db/migrations',
});
