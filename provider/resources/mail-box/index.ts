/** MailBox: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { MailBox, type MailBoxArgs } from "./resource";
export { mailBoxDescriptor } from "./descriptor";
