import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    // Route tables rendered in jsdom; generous while the root test command loads two cores.
    testTimeout: 30_000,
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
