/** FtpAccount: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { FtpAccount, type FtpAccountArgs } from "./resource";
export { ftpAccountDescriptor } from "./descriptor";
