import { defineConfig } from "tsup";

export default defineConfig({
  // The live socket and the visitors' chat socket in modules of their own (shared chunks of the ESM build): an
  // app that imports only the HTTP client leaves socket.io-client out, and one that opens the socket from a
  // lazily loaded chunk keeps the socket client in that chunk instead of its entry (the portals' first-route
  // budget).
  entry: { index: "src/index.ts", "live-socket": "src/live-socket.ts", "chat-socket": "src/chat-socket.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
});
