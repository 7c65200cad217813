import { resolve } from "node:path";
import { defineConfig } from "vite";

/**
 * The loader a customer pastes: one classic script (IIFE, no module loader, no imports at run time) at
 * `dist/loader.js`, beside the chat app built by vite.config.ts. Its name has no hash because customers'
 * pages name it; the server caches it briefly instead.
 */
export default defineConfig({
  build: {
    target: "es2019",
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: resolve(import.meta.dirname, "src/loader.ts"),
      formats: ["iife"],
      name: "parleyWidgetLoader",
      fileName: () => "loader.js",
    },
  },
});
