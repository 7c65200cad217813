// The package as a consumer gets it: `pnpm pack`, unpacked into a directory outside the monorepo next to
// its dependencies only, then imported (ESM and CommonJS) and type-checked the three ways TypeScript
// projects resolve it (NodeNext ESM, Bundler, NodeNext CommonJS), all with `strict`.
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const tsc = join(packageDir, "node_modules", "typescript", "bin", "tsc");
// The packed size today is ~120 kB; a jump means something that should not ship does.
const packedSizeBudget = 200 * 1024;

interface Manifest {
  name: string;
  version: string;
  type?: string;
  sideEffects?: boolean;
  main?: string;
  types?: string;
  files?: string[];
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

let workDir = "";
let tarball = "";
let consumerDir = "";
let installed = "";
let manifest: Manifest;
let shipped: string[] = [];

/** Builds when the build is missing or older than a source file (turbo builds before testing). */
function ensureBuild() {
  const built = join(packageDir, "dist", "index.js");
  const newestSource = Math.max(
    ...listFiles(join(packageDir, "src")).map((file) => statSync(file).mtimeMs),
    statSync(join(packageDir, "package.json")).mtimeMs,
    statSync(join(packageDir, "tsup.config.ts")).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  execFileSync("pnpm", ["run", "build"], { cwd: packageDir, stdio: "pipe" });
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

function run(command: string, args: string[], cwd = consumerDir): string {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${failed.stdout ?? ""}${failed.stderr ?? ""}`);
  }
}

beforeAll(() => {
  ensureBuild();
  workDir = mkdtempSync(join(tmpdir(), "parley-sdk-pack-"));
  run("pnpm", ["pack", "--pack-destination", workDir], packageDir);
  const name = readdirSync(workDir).find((file) => file.endsWith(".tgz"));
  if (!name) throw new Error("pnpm pack wrote no tarball");
  tarball = join(workDir, name);

  consumerDir = join(workDir, "consumer");
  installed = join(consumerDir, "node_modules", "@parley", "sdk");
  mkdirSync(installed, { recursive: true });
  run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  writeFileSync(join(consumerDir, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Manifest;
  shipped = listFiles(installed).map((file) => posix.normalize(file.slice(installed.length + 1)));

  // The published dependencies, and nothing else: what a consumer's install would put beside the SDK.
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const link = join(consumerDir, "node_modules", dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(realpathSync(join(packageDir, "node_modules", dependency)), link, "dir");
  }
}, 180_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("the packed manifest", () => {
  it("names only published versions as dependencies (no workspace: or catalog:)", () => {
    for (const field of [
      "dependencies",
      "peerDependencies",
      "optionalDependencies",
      "devDependencies",
    ] as const) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        expect(range, `${field}.${dependency}`).not.toMatch(/^(workspace|catalog|file|link):/);
      }
    }
    // Nothing of ours at run time: the SDK depends on the contract only through its generated types.
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith("@parley/"))).toEqual(
      [],
    );
  });

  it("points every entry of `exports`, `main` and `types` at a shipped file, with types for import and require", () => {
    const root = manifest.exports["."] as Record<string, Record<string, string>>;
    expect(Object.keys(root.import ?? {})[0]).toBe("types");
    expect(Object.keys(root.require ?? {})[0]).toBe("types");
    const targets = [
      manifest.main,
      manifest.types,
      ...Object.values(root).flatMap((conditions) => Object.values(conditions)),
    ];
    for (const target of targets) {
      expect(target).toBeDefined();
      expect(shipped, String(target)).toContain(posix.normalize(String(target)));
    }
    expect(manifest.sideEffects).toBe(false);
  });

  it("ships the build, the README and the CHANGELOG, within its size budget", () => {
    expect(shipped).toEqual(expect.arrayContaining(["package.json", "README.md", "CHANGELOG.md", "LICENSE"]));
    expect(shipped.filter((file) => !file.startsWith("dist/"))).toEqual(
      expect.arrayContaining(["package.json", "README.md", "CHANGELOG.md"]),
    );
    expect(
      shipped.filter((file) => /(^|\/)(src|scripts)\/|\.test\.|tsconfig|tsup\.config/.test(file)),
    ).toEqual([]);
    expect(statSync(tarball).size).toBeLessThan(packedSizeBudget);
  });

  it("has a version that the pending changesets build on", () => {
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    // The first release is described by a changeset; the version must not already claim it.
    const changesetDir = join(packageDir, "..", "..", ".changeset");
    const firstRelease = readdirSync(changesetDir)
      .filter((file) => file.endsWith(".md") && file !== "README.md")
      .some((file) => /First release of the Parley SDK/.test(readFileSync(join(changesetDir, file), "utf8")));
    if (firstRelease) expect(manifest.version).toBe("0.0.0");
  });
});

describe("the shipped files", () => {
  const codeFiles = () => shipped.filter((file) => /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file));

  it("import only shipped files, Node's own modules and declared dependencies", () => {
    const allowed = new Set([...Object.keys(manifest.dependencies ?? {}), ...builtinModules]);
    for (const file of codeFiles()) {
      const text = readFileSync(join(installed, file), "utf8");
      const specifiers = [
        ...text.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)["']([^"']+)["']/g),
      ].map((match) => match[1] ?? "");
      for (const specifier of specifiers) {
        if (specifier.startsWith(".")) {
          const target = posix.normalize(posix.join(posix.dirname(file), specifier));
          // A declaration file names the JavaScript file; TypeScript reads the declarations beside it.
          const candidates = [
            target,
            `${target}.js`,
            `${target}.d.ts`,
            target.replace(/\.js$/, ".d.ts"),
            target.replace(/\.cjs$/, ".d.cts"),
            target.replace(/\.mjs$/, ".d.mts"),
          ];
          expect(
            candidates.some((candidate) => shipped.includes(candidate)),
            `${file} imports ${specifier}`,
          ).toBe(true);
        } else {
          const bare = specifier.replace(/^node:/, "");
          const name = bare.startsWith("@") ? bare.split("/").slice(0, 2).join("/") : bare.split("/")[0];
          expect(allowed.has(name ?? ""), `${file} imports ${specifier}`).toBe(true);
        }
      }
    }
  });

  it("point no source map at a missing file", () => {
    for (const file of codeFiles()) {
      const text = readFileSync(join(installed, file), "utf8");
      for (const [, map] of text.matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
        if (map?.startsWith("data:")) continue;
        expect(shipped, `${file} → ${map}`).toContain(
          posix.normalize(posix.join(posix.dirname(file), map ?? "")),
        );
      }
    }
  });
});

const compilerOptions = {
  target: "ES2022",
  lib: ["ES2022", "DOM"],
  types: [],
  strict: true,
  noEmit: true,
  skipLibCheck: false,
};

// Answers every call with a success, without a network: enough to load the operation tables and read JSON.
const fakeFetch = `async (request) => new Response(JSON.stringify({ status: "success", data: [{ url: request.url }] }), {
  status: 200, headers: { "content-type": "application/json" } })`;
const consumerProgram = `
  const api = sdk.createParleyClient({ baseUrls: "http://parley.test/api", getToken: () => "t", fetch: ${fakeFetch} });
  const signedOut = sdk.createParleyClient({ baseUrls: "http://parley.test/api" });
  const customers = await api.GET("/customers");
  const refused = await signedOut.GET("/customers");
  const health = await api.GET("/health");
  const live = sdk.createLiveSocket({ url: "http://parley.test/live", token: null });
  const liveError = await live.ready.catch((error) => error);
  console.log(JSON.stringify({
    exports: Object.keys(sdk).filter((name) => name !== "default" && name !== "module.exports").sort(),
    customers, refused: refused.code, health: health.success,
    live: [live.state, liveError instanceof sdk.LiveSocketError, liveError.code],
  }));
`;

describe("a consumer on Node", () => {
  const expected = {
    customers: {
      success: true,
      status: 200,
      data: { status: "success", data: [{ url: "http://parley.test/api/customers" }] },
    },
    refused: "authentication_required",
    health: true,
    live: ["offline", true, "user_token_not_found"],
  };

  it("imports it as ESM and as CommonJS, with the same exports", () => {
    writeFileSync(join(consumerDir, "esm.mjs"), `import * as sdk from "@parley/sdk";\n${consumerProgram}`);
    writeFileSync(
      join(consumerDir, "cjs.cjs"),
      `const sdk = require("@parley/sdk");\n(async () => {\n${consumerProgram}\n})();`,
    );
    const esm = JSON.parse(run("node", ["esm.mjs"])) as Record<string, unknown>;
    const cjs = JSON.parse(run("node", ["cjs.cjs"])) as Record<string, unknown>;
    expect(esm).toMatchObject(expected);
    expect(cjs).toMatchObject(expected);
    expect(cjs.exports).toEqual(esm.exports);
    expect(esm.exports).toEqual(
      expect.arrayContaining([
        "createParleyClient",
        "createLiveSocket",
        "LiveSocketError",
        "createChatSocket",
      ]),
    );
  }, 60_000);

  // The consumer code states the types it relies on; `tsc` fails when one of them is wrong.
  const typedConsumer = (importLine: string) => `${importLine}

export async function signIn(): Promise<string> {
  const api = createParleyClient({ baseUrls: "http://parley.test/api", getToken: () => null });
  const login = await api.POST("/login", { body: { username: "customer@demo.test", password: "Demo!2345" } });
  if (login.success) {
    const user: Schemas["User"] = login.data.user;
    const token: string = login.data.token;
    return token + user.id;
  }
  // The error code is the contract's, not any string.
  const code: ErrorCode = login.code;
  // @ts-expect-error not an error code of the contract
  if (login.code === "invalid_credential") return "";
  const customers = await api.GET("/customers");
  const firstId: string | undefined = customers.success ? customers.data.data[0]?._id : undefined;
  // @ts-expect-error not a path of the contract
  await api.GET("/no-such-path");
  const live = createLiveSocket({ url: "http://parley.test/live", token: null });
  live.on("conversation_update", (conversation: Schemas["LiveConversation"]) => conversation.id);
  const failure: ApiResult<never> = { success: false, status: 0, code: "services_offline", error: "x" };
  return code + String(firstId) + String(failure.success) + String(live instanceof LiveSocketError);
}
`;
  const imports = "ApiResult, ErrorCode, Schemas";
  it.each([
    [
      "NodeNext ESM",
      "esm.mts",
      { module: "NodeNext", moduleResolution: "NodeNext" },
      `import { createParleyClient, createLiveSocket, LiveSocketError, type ${imports.replaceAll(", ", ", type ")} } from "@parley/sdk";`,
    ],
    [
      "Bundler",
      "bundler.ts",
      { module: "ESNext", moduleResolution: "Bundler" },
      `import { createParleyClient, createLiveSocket, LiveSocketError, type ${imports.replaceAll(", ", ", type ")} } from "@parley/sdk";`,
    ],
    [
      "NodeNext CommonJS",
      "commonjs.cts",
      { module: "NodeNext", moduleResolution: "NodeNext" },
      `import sdk = require("@parley/sdk");\nconst { createParleyClient, createLiveSocket, LiveSocketError } = sdk;\ntype ApiResult<T> = sdk.ApiResult<T>; type ErrorCode = sdk.ErrorCode; type Schemas = sdk.Schemas;`,
    ],
  ])(
    "type-checks under %s with strict",
    (_name, file, resolution, importLine) => {
      const project = join(consumerDir, file.replace(/\.\w+$/, ""));
      mkdirSync(project, { recursive: true });
      writeFileSync(join(project, file), typedConsumer(importLine));
      writeFileSync(
        join(project, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { ...compilerOptions, ...resolution }, files: [file] }),
      );
      run("node", [tsc, "-p", project]);
    },
    120_000,
  );
});

// The names the README's examples use without defining them, as the surrounding app would have them.
const readmeContext: Record<string, string> = {
  api: 'import("@parley/sdk").ParleyClient',
  token: "string",
  customerId: "string",
  configurationId: "string",
  file: "File",
  user: 'import("@parley/sdk").Schemas["User"]',
  customerFields: 'import("@parley/sdk").Schemas["Customer"]',
  redirectToLogin: "() => void",
  showFieldErrors: '(fields: import("@parley/sdk").FieldError[]) => void',
  toast: "{ error(text: string): void }",
  setConnection: '(state: import("@parley/sdk").LiveConnectionState) => void',
  setConversations: '(conversations: import("@parley/sdk").LiveConversation[]) => void',
  upsertConversation: '(conversation: import("@parley/sdk").LiveConversation) => void',
  dropConversationsOf: "(configurationId: string) => void",
  showNotification: '(notification: import("@parley/sdk").LiveNotification) => void',
  configuration_id: "string",
  session_id: "string",
  first_name: "string",
  last_name: "string",
  conversationId: "string",
  ErrorCode: "",
};

describe("the README", () => {
  it("has TypeScript examples that compile against the package", () => {
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
    expect(examples.length).toBeGreaterThan(5);
    const project = join(consumerDir, "readme");
    mkdirSync(project, { recursive: true });
    const files = examples.map((example, index) => {
      const lines = example.split("\n");
      const imports = lines.filter((line) => /^import\s/.test(line));
      const body = lines
        .filter((line) => !/^import\s/.test(line))
        .map((line) => line.replace(/^export /, ""));
      const defined = (name: string) =>
        new RegExp(
          `\\b(const|let|function|type)\\s+${name}\\b|\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=|import[^;]*\\b${name}\\b`,
        ).test(example);
      const context = Object.entries(readmeContext)
        .filter(([name]) => new RegExp(`\\b${name}\\b`).test(example) && !defined(name))
        .map(([name, type]) =>
          name === "ErrorCode"
            ? 'type ErrorCode = import("@parley/sdk").ErrorCode;'
            : `declare const ${name}: ${type};`,
        );
      const file = `example-${index + 1}.ts`;
      writeFileSync(
        join(project, file),
        [...imports, ...context, "export async function example() {", ...body, "}", ""].join("\n"),
      );
      return file;
    });
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { ...compilerOptions, module: "ESNext", moduleResolution: "Bundler" },
        files,
      }),
    );
    run("node", [tsc, "-p", project]);
  }, 120_000);
});
