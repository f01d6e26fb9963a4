/** getHostingServices: its filters and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { SERVICE_STATUSES } from "../../../sdk/catalogue/service";
import { bool, oneOf, text } from "../../../sdk/catalogue/fields";
import { tldField } from "../../../sdk/rules";

export const getHostingServicesArgs = {
  /** Only services whose name contains this text. */
  word: text("text to look for in the names").optional(),
  /** Only services under this TLD ("com"; a leading dot is allowed). */
  tld: tldField().optional(),
  /** Only services in this status: init, active, inactive, renewed or renewable. */
  status: oneOf(SERVICE_STATUSES).optional(),
  /** Only services that can (true) or cannot (false) be renewed now. */
  renewable: bool().optional(),
};

export const getHostingServicesResult = {
  /** Every service of the account that passes the filters (all pages). */
  services: z.array(
    z.object({
      /** The service name (Unicode). */
      name: z.string(),
      /** Human-readable product name ("Hosting Basic"). */
      type: z.string(),
      /** The product: redir, mini, mail, mailplus, mailpro, basic, professional, advanced or corporate. */
      productKey: z.string(),
      /** init, active, inactive, renewed or renewable. */
      status: z.string(),
      /** Expiry date (ISO, YYYY-MM-DD). */
      tsExpir: z.string().optional(),
    }),
  ),
};
