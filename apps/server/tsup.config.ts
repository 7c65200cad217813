import { defineConfig } from "tsup";

export default defineConfig({
  // The PDF reader, the embedded database, the local sentence model and the reader of large pages start
  // `pdf-worker.js`, `pglite-worker.js`, `sentence-encoder-worker.js` and `page-worker.js` beside the bundle
  // in worker threads.
  entry: {
    server: "src/server.ts",
    migrate: "src/platform/db/migrate-cli.ts",
    seed: "src/seed-cli.ts",
    "pdf-worker": "src/platform/files/pdf-worker.ts",
    "pglite-worker": "src/platform/db/pglite-worker.ts",
    "sentence-encoder-worker": "src/modules/assistant/faq-matching/sentence-encoder-worker.ts",
    "page-worker": "src/modules/scraping/page-worker.ts",
  },
  format: "esm",
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // Workspace packages ship TypeScript source, so they are bundled; npm dependencies (some native or
  // WASM, some reading their own files at run time) stay external and load from node_modules.
  noExternal: [/^@parley\//],
});
