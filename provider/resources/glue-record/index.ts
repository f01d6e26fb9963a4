/** GlueRecord: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { GlueRecord, type GlueRecordArgs } from "./resource";
export { glueRecordDescriptor } from "./descriptor";
