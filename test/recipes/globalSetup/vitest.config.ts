import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: __dirname,
    include: ['*.recipe.ts'],
    globalSetup: ['./globalSetup.ts'],
  },
});
