const functionSource = Function.prototype.toString;
const objectSource = functionSource.call(Object);

/** lodash's `isPlainObject` (formik's check for nested values), without lodash's tag and native-code helpers. */
export default function isPlainObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Object.prototype.toString.call(value) !== "[object Object]") return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype === null) return true;
  // An object literal of any realm: its constructor is that realm's Object.
  const constructor: unknown = Object.hasOwn(prototype, "constructor") && prototype.constructor;
  return typeof constructor === "function" && constructor instanceof constructor && functionSource.call(constructor) === objectSource;
}
