/** Redirect: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { Redirect, type RedirectArgs } from "./resource";
export { redirectDescriptor } from "./descriptor";
