/** HostingService: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { HostingService, type HostingServiceArgs } from "./resource";
export { hostingServiceDescriptor } from "./descriptor";
