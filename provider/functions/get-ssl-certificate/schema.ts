/** getSslCertificate: its argument and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { int } from "../../../sdk/catalogue/fields";

export const getSslCertificateArgs = {
  /** The API's certificateID (as SslCertificate's certificateId). */
  certificateId: int({ min: 1 }),
};

export const getSslCertificateResult = {
  /** The API's certificateID. */
  certificateId: z.number(),
  /** The certificate's common name. */
  commonName: z.string(),
  /** process, valid, expired, renew, reissue or cancel (facts.md "SSL"). */
  status: z.string(),
  /** Whether the API allows a renewal now. */
  renewable: z.boolean(),
  /** The product (see getSslProducts). */
  productId: z.number(),
  /** Order date (ISO, YYYY-MM-DD). */
  tsCreate: z.string().optional(),
  /** Expiry date of the certificate (ISO, YYYY-MM-DD). */
  tsExpir: z.string().optional(),
  /** End of the paid subscription (ISO, YYYY-MM-DD). */
  tsSubscriptionEnds: z.string().optional(),
  /** The other names it covers. */
  alternativeNames: z.array(z.string()),
  /** The issued certificate (PEM); absent until it is valid. */
  certificate: z.string().optional(),
  /** The intermediate certificates (PEM), once issued. */
  certificateChain: z.array(z.string()).optional(),
};
