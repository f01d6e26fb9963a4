/** AcmeCertificate: what the package exports of it (provider/index.ts): its class and args types, and its descriptor. */
export { AcmeCertificate, type AcmeCertificateArgs } from "./resource";
export { LETS_ENCRYPT, LETS_ENCRYPT_STAGING } from "./schema";
export { acmeCertificateDescriptor } from "./descriptor";
