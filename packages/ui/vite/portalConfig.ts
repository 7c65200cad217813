import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { PluginOption, UserConfig } from "vite";

/**
 * The Vite configuration both portals share; each app passes its base path, dev port and the React
 * plugin (resolved from the app, which owns the build tooling).
 */
export interface PortalViteOptions {
  base: "/" | "/admin/";
  devPort: number;
  plugins: PluginOption[];
  mode: string;
}

const server = process.env.PARLEY_SERVER_URL ?? "http://localhost:8080";

// react-router's package exports point at its development build (dev warnings on) in every mode; a
// production build takes its production build, which the package ships beside it.
const requireFromRouterDom = createRequire(createRequire(import.meta.url).resolve("react-router-dom/package.json"));
const reactRouterProduction = join(dirname(requireFromRouterDom.resolve("react-router/package.json")), "dist", "production");

export function portalViteConfig({ base, devPort, plugins, mode }: PortalViteOptions): UserConfig {
  return {
    base,
    plugins,
    // The loading-screen script (public/loader.js) is the same for both portals.
    publicDir: resolve(import.meta.dirname, "../public"),
    resolve: {
      alias: [
        // Everything formik imports of lodash, written for plain form values: lodash's versions bring its
        // generic cloning, tag and memoizing machinery onto the sign-in page (size budget); see ./formikLodash.
        { find: /^lodash-es\/(clone|cloneDeep|isPlainObject|toPath)$/, replacement: resolve(import.meta.dirname, "formikLodash/$1.ts") },
        // react-i18next's shim of useSyncExternalStore is for React before 18; the package's main module is
        // React's own hook.
        { find: /^use-sync-external-store\/shim$/, replacement: "use-sync-external-store" },
        ...(mode === "production"
          ? [
              { find: /^react-router$/, replacement: join(reactRouterProduction, "index.mjs") },
              { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, "dom-export.mjs") },
            ]
          : []),
      ],
    },
    build: {
      manifest: true,
      target: "es2022",
      // Every browser that preloads modules does so natively; one that does not still runs the portal and
      // only fetches a lazily loaded screen's chunks as it meets their imports. The polyfill would be part
      // of the entry (the first route's size budget).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // The modules the entry imports statically in one chunk instead of a dozen small shared ones:
          // fewer requests, and gzip compresses one file better than many (first-route budget, issue 5).
          // Without their dependencies: those the lazy screens alone use stay with the screens.
          // The sign-in page, the first route of both portals, in one chunk with everything it loads beyond the
          // entry, and the signed-in shell likewise, for the same reasons: without them, each lazy screen added
          // later reshuffles dozens of small shared chunks, whose glue and lost compression both routes pay
          // (sign-in 196 kB and signed-in home 292 kB with them, 200.5 and 302 kB without).
          codeSplitting: {
            groups: [
              // The live socket (the SDK's live-socket module and socket.io's client) in a chunk of its own, which
              // only the signed-in shell's live connection loads: the sign-in page's group would otherwise take it
              // in as a dependency of the SDK it imports.
              {
                name: "live-socket",
                test: /[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]|[\\/]sdk[\\/]dist[\\/]chunk-[^\\/]+\.js$/,
                priority: 3,
              },
              { name: "initial", tags: ["$initial"], includeDependenciesRecursively: false, priority: 2 },
              { name: "sign-in", test: /[\\/]features[\\/]auth[\\/](LoginPage|AuthLayout)\.tsx$/, priority: 1 },
              { name: "shell", test: /[\\/]shell[\\/]AppShell\.tsx$/, priority: 0 },
            ],
          },
        },
        treeshake: {
          // Modules without side effects of their own that do not say so, whose unused imports would otherwise
          // stay: socket.io's (the SDK's live socket is unused on the first route), and hoist-non-react-statics
          // with react-is, which emotion's withTheme and formik's connect import (neither is used; both
          // stayed in the entry, 1 kB gzipped).
          moduleSideEffects: (id: string) =>
            /[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|hoist-non-react-statics|react-is)[\\/]/.test(id) ? false : undefined,
          // Chakra's theme modules build their objects through identity helpers that are not marked pure, so
          // its full default theme (every recipe, date pickers and colour pickers included) would stay in the
          // entry although only the recipes listed in @parley/ui's theme are used. Likewise its components
          // make icons with createIcon (the field's error icon), which kept the Icon component on the sign-in page.
          manualPureFunctions: ["defineConfig", "defineRecipe", "defineSlotRecipe", "defineTokens", "defineSemanticTokens", "defineGlobalStyles", "defineKeyframes", "defineTextStyles", "defineLayerStyles", "defineAnimationStyles", "createIcon"],
        },
      },
    },
    server: {
      port: devPort,
      proxy: {
        "/api": { target: server, changeOrigin: true },
        "/socket.io": { target: server, ws: true, changeOrigin: true },
      },
    },
  };
}
