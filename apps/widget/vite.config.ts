import { defineConfig } from "vite";

/**
 * The iframe chat app, served by the API server under `/widget/` (one origin, ARCHITECTURE.md). The loader
 * script is a second build (vite.loader.config.ts) into the same dist folder.
 */
export default defineConfig({
  base: "/widget/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    target: "es2022",
    // Every browser that frames the widget preloads modules natively; the polyfill would only add to the
    // first load's budget.
    modulePreload: { polyfill: false },
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    port: 5175,
    proxy: {
      "/api": process.env.PARLEY_SERVER_URL ?? "http://localhost:8080",
      "/socket.io": { target: process.env.PARLEY_SERVER_URL ?? "http://localhost:8080", ws: true },
    },
  },
});
