/** Domain: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { Domain, type DomainArgs, type ContactInput, type InlineContact } from "./resource";
export { domainDescriptor } from "./descriptor";
