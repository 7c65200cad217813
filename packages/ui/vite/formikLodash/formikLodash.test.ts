import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import clone from "./clone";
import cloneDeep from "./cloneDeep";
import isPlainObject from "./isPlainObject";
import toPath from "./toPath";

/** lodash's own function, from the lodash-es that formik depends on. */
async function lodash<T>(name: string): Promise<T> {
  const fromFormik = createRequire(createRequire(import.meta.url).resolve("formik"));
  return ((await import(pathToFileURL(fromFormik.resolve(`lodash-es/${name}.js`)).href)) as { default: T }).default;
}

describe("the lodash functions formik gets in the portals' builds answer as lodash's", () => {
  it("toPath", async () => {
    const lodashToPath = await lodash<(value: unknown) => string[]>("toPath");
    const inputs: unknown[] = [
      "username",
      "address.street",
      "items[0].name",
      "items.0.name",
      "a[-1.5]",
      'a["b.c"].d',
      "a['it\\'s']",
      "a[b]",
      ".a",
      "a..b",
      "a[].b",
      "",
      null,
      undefined,
      3,
      ["a", 0, -0, "b"],
    ];
    for (const [index, input] of inputs.entries()) expect(toPath(input), `input ${index}`).toEqual(lodashToPath(input));
  });

  it("isPlainObject", async () => {
    const lodashIsPlainObject = await lodash<(value: unknown) => boolean>("isPlainObject");
    class Model {}
    const inputs: unknown[] = [{}, { a: 1 }, Object.create(null), Object.create(Object.create(null)), new Model(), [], new Date(), null, "text", 1, () => {}, new Map()];
    for (const [index, input] of inputs.entries()) expect(isPlainObject(input), `input ${index}`).toBe(lodashIsPlainObject(input));
  });

  it("clone and cloneDeep copy plain form values", () => {
    const values = { name: "Ada", tags: ["a"], nested: { when: new Date(0) } };
    const shallow = clone(values);
    expect(shallow).toEqual(values);
    expect(shallow).not.toBe(values);
    expect(shallow.nested).toBe(values.nested);
    const deep = cloneDeep(values);
    expect(deep).toEqual(values);
    expect(deep.nested).not.toBe(values.nested);
    expect(cloneDeep(undefined)).toBeUndefined();
  });
});
