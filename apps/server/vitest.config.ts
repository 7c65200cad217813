import { defineConfig } from "vitest/config";

// The whole suite runs on PGlite, and a second time on PostgreSQL when TEST_DATABASE_URL is set.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ["src/**/*.test.ts"],
        // *.postgres.test.ts are about PostgreSQL itself (connection loss) and run on it only;
        // *.process.test.ts start the real process on its embedded default and run once.
        exclude: [
          "**/node_modules/**",
          database === "pglite" ? "src/**/*.postgres.test.ts" : "src/**/*.process.test.ts",
        ],
        env: { PARLEY_TEST_DATABASE: database },
      },
    })),
  },
});
