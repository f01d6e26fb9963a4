/** DnssecKey: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { DnssecKey, type DnssecKeyArgs } from "./resource";
export { dnssecKeyDescriptor } from "./descriptor";
