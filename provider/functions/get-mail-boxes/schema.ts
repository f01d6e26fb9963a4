/** getMailBoxes: its arguments and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { text } from "../../../sdk/catalogue/fields";
import { unicodeDomainField } from "../../../sdk/rules";

export const getMailBoxesArgs = {
  /** The service that holds the mailboxes, e.g. "example.com" (as MailBox's serviceName). */
  serviceName: unicodeDomainField("must be the service's domain name"),
  /** Only mailboxes whose address contains this text. */
  filter: text("text to look for in the addresses").optional(),
};

export const getMailBoxesResult = {
  /** The service (Unicode). */
  serviceName: z.string(),
  /** The service's mailboxes that pass the filter (all pages); passwords are never answered. */
  mailBoxes: z.array(
    z.object({
      /** The API's entityID: MailBox's entityId. */
      entityId: z.string(),
      /** The full address, as the API answers it: `info@example.com`. */
      name: z.string(),
      /** Bytes used. */
      usage: z.number(),
      /** Bytes allowed by the service's product. */
      quotaMax: z.number(),
    }),
  ),
};
