import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running the entry `name`: the built `<name>.js` beside the bundle that calls this, or,
 * when the caller runs from source (tests, tsx), `<name>.ts` beside the caller's file through tsx.
 * `callerUrl` is the caller's `import.meta.url`.
 */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const entry = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  return new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${entry}); });`, { ...options, eval: true });
}
