/**
 * What formik needs of lodash's `clone`, without lodash's generic cloning machinery: form values are
 * plain data (texts, lists, records, files).
 */
export default function clone<T>(value: T): T {
  if (Array.isArray(value)) return [...value] as T;
  if (typeof value !== "object" || value === null) return value;
  // setIn relies on the copy keeping the prototype (lodash's clone does too).
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value) as T;
}
