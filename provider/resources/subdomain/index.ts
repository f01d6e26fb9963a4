/** Subdomain: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { Subdomain, type SubdomainArgs, type SubdomainSslArgs } from "./resource";
export { subdomainDescriptor } from "./descriptor";
