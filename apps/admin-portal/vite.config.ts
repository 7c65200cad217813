import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const server = process.env.PARLEY_SERVER_URL ?? "http://localhost:8080";

export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  build: {
    // The size check follows the entry's static imports through the manifest.
    manifest: true,
    target: "es2022",
    rolldownOptions: {
      treeshake: {
        // The SDK's live socket is unused on the first route; socket.io's modules declare no side effects
        // of their own, so unused imports of them can be dropped.
        moduleSideEffects: (id: string) => (/[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser)[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      "/api": { target: server, changeOrigin: true },
      "/socket.io": { target: server, ws: true, changeOrigin: true },
    },
  },
});
