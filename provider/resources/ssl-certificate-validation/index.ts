/** SslCertificateValidation: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { SslCertificateValidation, type SslCertificateValidationArgs } from "./resource";
export { sslCertificateValidationDescriptor } from "./descriptor";
