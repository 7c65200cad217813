import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "vite/**/*.test.ts"],
    // Screens rendered in jsdom with the full Chakra system and every namespace take a second or two
    // alone, and several times that while the root test command runs every package on two cores.
    testTimeout: 30_000,
  },
});
