import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import obsidianmd from 'eslint-plugin-obsidianmd';

export default defineConfig([
  globalIgnores(['node_modules/', 'main.js', 'dist/', 'bin/', 'bench/out/', 'test-artifacts/', '**/*.mjs', '**/*.cjs', 'vitest.config.mts']),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.*'],
        },
      },
    },
  },
  {
    // Headless surfaces and tooling run on Node, never inside Obsidian.
    files: ['src/cli/**/*.ts', 'src/node/**/*.ts', 'src/mcp/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
]);
