/** Contact: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { Contact, type ContactArgs } from "./resource";
export { contactDescriptor } from "./descriptor";
