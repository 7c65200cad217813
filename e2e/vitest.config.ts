import { defineConfig } from "vitest/config";

// Browser journeys share one started product (globalSetup); each file drives its own Chromium with a
// fresh context per test. Two files run at a time, which suits the two-core CI machine.
export default defineConfig({
  test: {
    include: ["journeys/**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // Journey files share nothing but read-only helpers; reusing the workers saves importing Playwright per file.
    isolate: false,
    // A journey is a sequence of steps; a failure is reported, not retried into a pass.
    retry: 0,
  },
});
