/** Database: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { Database, type DatabaseArgs } from "./resource";
export { databaseDescriptor } from "./descriptor";
