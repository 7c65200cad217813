/** What formik needs of lodash's `cloneDeep` (field array items and initial values are plain data). */
export default function cloneDeep<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}
