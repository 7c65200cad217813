import { defineConfig } from "vitest/config";

// Unit tests run in jsdom (the sanitiser needs DOMParser); the browser test drives real Chromium against the
// built dist/ and needs more time.
export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
