/** getSslProducts: its filters and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { bool, oneOf } from "../../../sdk/catalogue/fields";

const price = () =>
  z
    .object({
      /** The price of the period, in the account's currency. */
      price: z.number(),
      /** The periods (years) offered. */
      years: z.array(z.number()),
      /** A promotional price. */
      inPromo: z.boolean(),
    })
    .optional();

export const getSslProductsArgs = {
  /** Only products of this validation: dv, ov or ev. */
  validationType: oneOf(["dv", "ov", "ev"] as const).optional(),
  /** Only wildcard (true) or only non-wildcard (false) products. */
  wildcard: bool().optional(),
  /** Only multi-domain (true) or only single-name (false) products. */
  multiDomain: bool().optional(),
  /** Only trial (true) or only paid (false) products. */
  trial: bool().optional(),
};

export const getSslProductsResult = {
  /** Every product that passes the filters (all pages). */
  products: z.array(
    z.object({
      /** The API's productID (SslCertificate's productId). */
      productId: z.number(),
      /** The product's name. */
      productName: z.string(),
      /** The certificate authority's brand. */
      brandName: z.string(),
      /** dv, ov or ev. */
      validationType: z.string(),
      /** Covers several names. */
      isMultiDomain: z.boolean(),
      /** Covers a wildcard name. */
      isWildcard: z.boolean(),
      /** A free trial. */
      isTrial: z.boolean(),
      /** Names included. */
      numDomains: z.number(),
      /** Key length (bits). */
      keyLength: z.number(),
      /** Encryption strength (bits). */
      encryption: z.number(),
      /** An order. */
      create: price(),
      /** A renewal. */
      renew: price(),
      /** Trial products: how long the trial lasts. */
      trialPeriod: z.string().optional(),
      /** Multi-domain products: the most names a certificate may hold. */
      sanMaxDomains: z.number().optional(),
      /** Multi-domain products: the price of each name past those included. */
      sanPrice: z.number().optional(),
    }),
  ),
};
