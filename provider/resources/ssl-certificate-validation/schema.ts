/**
 * SslCertificateValidation: inputs, outputs and rules. It orders nothing and writes nothing: it
 * waits for a certificate (SslCertificate's certificateId) to be issued and outputs the issued files.
 */
import { z } from "zod";
import { int } from "../../../sdk/catalogue/fields";
import type { StateOf } from "../../core/resource-class";

/** The program's inputs, each documented once (the class's Args derive from them). */
export const sslCertificateValidationFields = {
  /** The certificate to wait for: an SslCertificate's `certificateId` (ssl/list's certificateID). */
  certificateId: int({ min: 1 }),
  /**
   * The ids of the DCV records (`DnsRecord.id`): not sent anywhere, they make the engine create the
   * records before this resource waits (or use `dependsOn`).
   */
  validationRecordIds: z.array(z.string()).optional(),
};

export const validationInputs = z.object(sslCertificateValidationFields).strict();
export type ValidationInputs = z.output<typeof validationInputs>;

/** What the state adds to the inputs. */
export const validationOutputs = {
  /** valid once create returns; a refresh records the live status (process, renew, reissue, expired, cancel: the next up waits again). */
  status: z.string(),
  /** The certificate's common name. */
  commonName: z.string(),
  /** Expiry date of the certificate (YYYY-MM-DD). */
  tsExpir: z.string().optional(),
  /** PEM of the issued certificate (no private key: the program has it). */
  certificate: z.string().optional(),
  /** PEM list: the issuer chain. */
  certificateChain: z.array(z.string()).optional(),
};
export type ValidationState = StateOf<ValidationInputs, typeof validationOutputs>;

/** Another certificate is another wait. */
export const VALIDATION_REPLACE_ON: readonly string[] = ["certificateId"];
/** Only order the creation (dependencies): a record replaced later changes nothing here. */
export const VALIDATION_CREATE_ONLY: readonly string[] = ["validationRecordIds"];
