export { clone as default } from "./lodashClone";
