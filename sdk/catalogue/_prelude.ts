/** What every catalogue module file imports: the entry helper and the field schemas. */
export { op } from "./types";
export * from "./fields";
