/** The SslCertificate resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type sslCertificateFields, SSL_SECRETS, sslInputs, sslOutputs, type SslState, sslObjects } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type SslCertificateArgs = ArgsOf<typeof sslCertificateFields>;

/**
 * An SSL certificate order (ssl/create, paid). The id is the API's certificateID. Destroy only
 * forgets it: the API has no certificate delete.
 */
export class SslCertificate extends resourceClass<SslCertificateArgs, SslState, typeof sslOutputs>("SslCertificate", crud, {
  inputs: sslInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("SslCertificate", sslInputs, sslObjects),
  outputs: sslOutputs,
  secretInputs: SSL_SECRETS,
  secretOutputs: SSL_SECRETS,
}) {}
