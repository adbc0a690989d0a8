import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, 'test/obsidian/**'] },
      },
      {
        // The plugin's UI glue: 'obsidian' is the obsidian-test-mocks package, in a DOM (happy-dom).
        extends: true,
        resolve: { alias: [{ find: /^obsidian$/, replacement: 'obsidian-test-mocks/obsidian' }] },
        test: { name: 'obsidian', include: ['test/obsidian/**/*.test.ts'], environment: 'happy-dom', setupFiles: ['test/obsidian/setup.ts'] },
      },
    ],
  },
});
