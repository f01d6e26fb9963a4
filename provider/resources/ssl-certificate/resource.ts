/** The SslCertificate resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { sslCertificateDescriptor } from "./descriptor";
import type { sslCertificateFields, sslOutputs, SslState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type SslCertificateArgs = ArgsOf<typeof sslCertificateFields>;

/**
 * An SSL certificate order (ssl/create, paid). The id is the API's certificateID. Destroy only
 * forgets it: the API has no certificate delete.
 */
export class SslCertificate extends resourceClass<SslCertificateArgs, SslState, typeof sslOutputs>(sslCertificateDescriptor, crud) {}
