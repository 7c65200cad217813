import react from "@vitejs/plugin-react";
// A relative path, not the package name: Vite bundles a config's relative imports (TypeScript) but loads
// package imports with plain Node, which cannot read .ts.
import { portalViteConfig } from "../../packages/ui/vite/portalConfig";
import { defineConfig } from "vite";

export default defineConfig(({ mode }) => portalViteConfig({ base: "/", devPort: 5173, plugins: [react()], mode }));
