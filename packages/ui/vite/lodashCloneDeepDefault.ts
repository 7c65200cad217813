export { cloneDeep as default } from "./lodashClone";
