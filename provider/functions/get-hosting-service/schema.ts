/** getHostingService: its argument and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { unicodeDomainField } from "../../../sdk/rules";

export const getHostingServiceArgs = {
  /** The service name: the domain it serves, e.g. "example.com" (as HostingService's name). */
  name: unicodeDomainField("must be the service's domain name"),
};

export const getHostingServiceResult = {
  /** The service name (Unicode). */
  name: z.string(),
  /** Human-readable product name ("Hosting Basic"). */
  type: z.string(),
  /** The product: redir, mini, mail, mailplus, mailpro, basic, professional, advanced or corporate. */
  productKey: z.string(),
  /** init, active, inactive, renewed or renewable (spec "States and transitions"). */
  status: z.string(),
  /** Creation date (ISO, YYYY-MM-DD). */
  tsCreate: z.string().optional(),
  /** Expiry date (ISO, YYYY-MM-DD). */
  tsExpir: z.string().optional(),
  /** Whether the API allows a renewal now. */
  renewable: z.boolean(),
  /** autorenew or manual. */
  renewalMode: z.string().optional(),
};
