// One flat config for the whole workspace; each package runs `eslint .` from its own folder.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports a workspace may not make (ARCHITECTURE.md, package boundaries). */
const forbidden = (packages, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ regex: `^@parley/(${packages.join("|")})(/|$)`, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "**/.data/**",
      "**/coverage/**",
      "**/*.generated.ts",
      "**/generated/**",
      "**/test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Package boundaries: domain imports nothing of ours; sdk nothing but the contract; ui domain and sdk;
  // the apps packages, never each other; the server domain and the contract, never sdk or ui.
  { files: ["packages/domain/**"], rules: forbidden(["sdk", "ui", "server", "admin-portal", "customer-portal", "widget", "openapi"], "domain imports nothing of ours.") },
  { files: ["packages/sdk/**"], rules: forbidden(["domain", "ui", "server", "admin-portal", "customer-portal", "widget"], "sdk imports nothing of ours but the contract.") },
  { files: ["packages/ui/**"], rules: forbidden(["ui", "server", "admin-portal", "customer-portal", "widget", "openapi"], "ui imports domain and sdk only.") },
  { files: ["apps/admin-portal/**"], rules: forbidden(["customer-portal", "server", "widget"], "apps import packages, never each other.") },
  { files: ["apps/customer-portal/**"], rules: forbidden(["admin-portal", "server", "widget"], "apps import packages, never each other.") },
  { files: ["apps/server/**"], rules: forbidden(["sdk", "ui", "admin-portal", "customer-portal", "widget"], "the server imports domain and the contract, never sdk or ui.") },
  // The widget runs on customers' pages within a size budget: domain's pure rules only, no portal code.
  { files: ["apps/widget/**"], rules: forbidden(["sdk", "ui", "server", "admin-portal", "customer-portal"], "the widget imports domain only (size budget).") },
);
