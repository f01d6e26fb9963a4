/** MailAlias: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { MailAlias, type MailAliasArgs } from "./resource";
export { mailAliasDescriptor } from "./descriptor";
