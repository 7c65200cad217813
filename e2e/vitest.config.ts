import { defineConfig } from "vitest/config";

// Browser journeys share one started product (globalSetup) and one Chromium per file.
export default defineConfig({
  test: {
    include: ["journeys/**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
