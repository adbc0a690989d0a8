// Placeholder: at bundle time scripts/esbuild-plugins.mjs (workerSourcePlugin) replaces this module with the
// code of the worker bundle (src/obsidian/worker/worker-main.ts and the embedded assets) as one string.
// Empty outside the bundle, where no worker can be started from it.

export const WORKER_SOURCE: string = '';
