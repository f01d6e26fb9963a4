/** SslCertificate: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { SslCertificate, type SslCertificateArgs } from "./resource";
export { sslCertificateDescriptor } from "./descriptor";
