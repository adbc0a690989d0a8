import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import obsidianmd from 'eslint-plugin-obsidianmd';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['node_modules/', 'main.js', 'dist/', 'bin/', 'bench/out/', 'test-artifacts/', 'examples/', 'eval/', 'assets/', 'bench/**/*.mjs', '**/*.cjs', 'vitest.config.mts']),
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
    // The plugin's name is a proper noun ("Show in Vault Brain"); the rest of each UI string stays sentence case.
    files: ['src/**/*.ts'],
    rules: { 'obsidianmd/ui/sentence-case': ['warn', { enforceCamelCaseLower: true, ignoreWords: ['Vault', 'Brain'] }] },
  },
  {
    // The core also runs in a Web Worker, where there is no `window`: plain timers are the portable choice.
    files: ['src/core/**/*.ts'],
    rules: { 'obsidianmd/prefer-window-timers': 'off' },
  },
  {
    // The worker and the protocol both sides import run where there is no `window` either.
    files: ['src/obsidian/worker/**/*.ts', 'src/obsidian/protocol/**/*.ts'],
    rules: { 'obsidianmd/prefer-window-timers': 'off', 'obsidianmd/no-global-this': 'off' },
  },
  {
    // Headless surfaces and tooling run on Node, never inside Obsidian: the plugin-runtime rules do not apply.
    // (src/core keeps them: it must stay free of Node built-ins.)
    files: ['src/cli/**/*.ts', 'src/node/**/*.ts', 'src/mcp/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'obsidianmd/no-nodejs-modules': 'off',
      'obsidianmd/prefer-window-timers': 'off',
      'obsidianmd/prefer-create-el': 'off',
      'obsidianmd/hardcoded-config-path': 'off',
      'obsidianmd/no-global-this': 'off',
      'obsidianmd/rule-custom-message': 'off',
      // Node has a standard fetch and no Obsidian `requestUrl`; the plugin's own code (src/obsidian) keeps the rule.
      'no-restricted-globals': 'off',
    },
  },
  {
    // The manifest is checked as the community-plugin review checks it (keys, types, description format). The
    // TypeScript parser reads a .json file as one object expression, which is what validate-manifest walks.
    files: ['manifest.json'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: false, project: null, extraFileExtensions: ['.json'] } },
    rules: { 'obsidianmd/validate-manifest': 'error' },
  },
  {
    // The build scripts are plain ES modules run by Node, type-checked through tsconfig.scripts.json (checkJs).
    files: ['scripts/*.mjs', 'esbuild.config.mjs', 'eslint.config.mjs'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: false, project: './tsconfig.scripts.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'obsidianmd/no-nodejs-modules': 'off',
      'obsidianmd/prefer-window-timers': 'off',
      'obsidianmd/hardcoded-config-path': 'off',
      'obsidianmd/no-global-this': 'off',
      'obsidianmd/rule-custom-message': 'off',
    },
  },
]);
