/**
 * ssl module (spec "ssl module", "SSL product", "SSL certificate"; facts.md "SSL" for the
 * parameters the spec leaves out: validationMethod, admin/tech/org contacts, alt_name_N).
 */
import { z } from "zod";
import { bool, country, email, int, oneOf, op, page, queryInfo, rArray, rBool, rInt, rNum, rObj, rStr, text } from "./_prelude";
import { sslContactsShape, sslName, SSL_STATUSES, validationMethod, checkOrder } from "./ssl-fields";

const priced = () => rObj({ create: rNum(), years: rStr(), isPromo: rBool().optional() });

/** Spec "SSL product"; trial products carry trialPeriod and no create/renew objects. */
const product = () =>
  rObj({
    productID: rInt(),
    productName: rStr(),
    brandName: rStr(),
    validationType: rStr(),
    isMultiDomain: rBool(),
    isWildcard: rBool(),
    isTrial: rBool(),
    numDomains: rInt(),
    keyLength: rInt(),
    encryption: rInt(),
    create: priced().optional(),
    renew: priced().optional(),
    trialPeriod: rStr().optional(),
    sanMaxDomains: rInt().optional(),
    sanPrice: rNum().optional(),
  });

/** Spec "SSL certificate" summary (ssl/list items, ssl/getinfo infoType=status). */
const certificate = {
  certificateID: rInt(),
  commonName: rStr(),
  status: rStr(),
  renewable: rBool(),
  productID: rInt(),
  sanMaxDomains: rInt().optional(),
  numDomains: rInt().optional(),
  tsCreate: rStr(),
  tsExpir: rStr(),
  tsSubscriptionEnds: rStr(),
  alternativeNames: rArray(rStr()),
};

/** Spec: CSR objects (csrdecode; csrcreate adds csrData and the key). */
const csrObject = {
  commonName: rStr(),
  organizationName: rStr().optional(),
  organizationalUnitName: rStr().optional(),
  countryName: rStr().optional(),
  stateOrProvinceName: rStr().optional(),
  localityName: rStr().optional(),
  emailAddress: rStr().optional(),
};

const content = () => rObj({ type: rStr(), name: rStr(), base64encoded: rBool(), data: rStr() });
const dcvEntry = () =>
  rObj({ validated: rBool(), domainName: rStr(), method: rStr(), checkvalue: z.union([rStr(), rObj({ link: rStr(), file: rStr(), contents: rStr() })]) });

/** ssl/create, renew, reissue: one response shape (facts.md: "The response carries ssl.certificateID"). */
const orderResponse = () => rObj({ billing: rObj({ total: rNum(), currency: rStr() }).optional(), ssl: rObj(certificate) });

/**
 * Order parameters. alt_name_N / alt_validation_N (N = 1, 2, ...) cannot be listed in a fixed shape,
 * so the object is loose: those keys pass through and checkOrder validates them (N from 1, names
 * must be host names, each alt_validation_N needs its alt_name_N); the emulator collects them in
 * order of N with collectAltNames (ssl-fields.ts). Other unknown parameters also pass through and
 * are ignored (facts.md: a server ignores parameters it does not know).
 */
const orderShape = () => ({
  period: int({ min: 1, max: 10 }).optional(),
  keyData: text("the private key in PEM form").optional(),
  validationMethod: validationMethod().optional(),
  ...sslContactsShape(),
});
const csrData = () => text("the CSR in PEM form");

const orderParams = () => z.looseObject({ csrData: csrData(), productID: int({ min: 1 }), ...orderShape() }).superRefine(checkOrder(true));
/** renew/reissue: create's parameters plus certificateID; product and contacts default to the certificate's. */
const renewParams = () =>
  z
    .looseObject({ certificateID: int({ min: 1 }), csrData: csrData().optional(), productID: int({ min: 1 }).optional(), ...orderShape() })
    .superRefine(checkOrder(false));
const reissueParams = () =>
  z.looseObject({ certificateID: int({ min: 1 }), csrData: csrData(), productID: int({ min: 1 }).optional(), ...orderShape() }).superRefine(checkOrder(false));

const ORDER_SECRETS = ["keyData"] as const;

export const INFO_TYPES = ["status", "ssldata", "validationStatus", "pfx", "der", "p7b", "zip", "pem"] as const;

export const ssl = {
  csrdecode: op({
    summary: "Decodes a CSR (PEM with BEGIN/END lines) into its subject fields.",
    params: z.object({ csrData: text("the CSR in PEM form") }),
    response: rObj({ ...csrObject, csrData: rStr().optional() }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  csrcreate: op({
    summary: "Generates a private key and a CSR; answers both (the key as keyData and csrKey).",
    params: z.object({
      commonName: sslName(),
      organizationName: text(),
      organizationalUnitName: text(),
      countryName: country(),
      stateOrProvinceName: text(),
      localityName: text(),
      emailAddress: email(),
    }),
    // facts.md "SSL": the real service answers the key as csrKey, the spec says keyData.
    response: rObj({ ...csrObject, csrData: rStr(), keyData: rStr().optional(), csrKey: rStr().optional() }),
    retrySafe: false,
    spendsMoney: false,
    secrets: ["keyData", "csrKey"],
  }),
  productlist: op({
    summary: "Lists the SSL products, with optional filters.",
    params: z.object({
      ...page(),
      wildcard: bool().optional(),
      multidomain: bool().optional(),
      trial: bool().optional(),
      validationType: oneOf(["dv", "ov", "ev"] as const).optional(),
    }),
    response: rObj({ queryInfo: queryInfo(), products: rArray(product()) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
    paged: { itemsKey: "products", defaultPageLength: 1000 },
  }),
  productgetinfo: op({
    summary: "One SSL product.",
    params: z.object({ productID: int({ min: 1 }) }),
    response: product(),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  list: op({
    summary: "Lists the account's certificates, with optional filters.",
    params: z.object({
      ...page(),
      productID: int({ min: 1 }).optional(),
      status: oneOf(SSL_STATUSES).optional(),
      renewable: bool().optional(),
      commonName: text().optional(),
    }),
    response: rObj({ queryInfo: queryInfo(), ssl: rArray(rObj(certificate)) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
    paged: { itemsKey: "ssl", defaultPageLength: 1000 },
  }),
  getinfo: op({
    summary: "One certificate: status, the issued files (ssldata, pem, der, p7b, pfx, zip) or its validation data.",
    params: z.object({
      certificateID: int({ min: 1 }),
      infoType: oneOf(INFO_TYPES).default("status"),
      pfxpass: text().optional(),
    }),
    response: rObj({
      ...certificate,
      sslCert: rStr().optional(),
      sslKey: rStr().optional(),
      sslCertChain: rArray(rStr()).optional(),
      fingerprint: rObj({ SHA1: rStr(), SHA256: rStr(), MD5: rStr() }).optional(),
      content: content().optional(),
      validationData: rObj({
        dcv: z.record(z.string(), dcvEntry()),
        organizationValidationStatus: rStr().optional(),
        brandValidationStatus: rStr().optional(),
        message: rStr().optional(),
        externalValidation: rBool().optional(),
      }).optional(),
    }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
    secrets: ["pfxpass", "sslKey"],
  }),
  create: op({
    summary: "Orders a certificate for a CSR (names: the CSR's CN plus alt_name_1..N); charges the product price.",
    params: orderParams(),
    response: orderResponse(),
    retrySafe: false,
    spendsMoney: true,
    secrets: ORDER_SECRETS,
  }),
  renew: op({
    summary: "Renews a renewable certificate: create's parameters plus certificateID (CSR optional: the last one is reused).",
    params: renewParams(),
    response: orderResponse(),
    retrySafe: false,
    spendsMoney: true,
    secrets: ORDER_SECRETS,
  }),
  reissue: op({
    summary: "Reissues a valid certificate for a new CSR: create's parameters plus certificateID.",
    params: reissueParams(),
    response: orderResponse(),
    retrySafe: false,
    // Listed with the money operations (never resent automatically); the emulator charges 0.
    spendsMoney: true,
    secrets: ORDER_SECRETS,
  }),
  multidomainaddsan: op({
    summary: "Adds one alternative name to a multi-domain certificate; charges the product's sanPrice.",
    params: z.object({ certificateID: int({ min: 1 }), extraSAN: sslName(), validationMethod: validationMethod().optional() }),
    response: orderResponse(),
    retrySafe: false,
    spendsMoney: true,
  }),
  getvalidationemails: op({
    summary: "Addresses that can approve a name by e-mail, plus dns/http/https when asked.",
    params: z.object({ commonName: sslName(), includeAlternativeMethods: bool().default(false) }),
    response: rObj({ valMethods: rArray(rStr()) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  changevalidationmethod: op({
    summary: "Changes the validation method of one name while the certificate is validating.",
    params: z.object({ certificateID: int({ min: 1 }), commonName: sslName(), validationMethod: validationMethod() }),
    response: rObj({ ...certificate, validationData: rObj({ dcv: z.record(z.string(), dcvEntry()) }).optional() }),
    retrySafe: true,
    spendsMoney: false,
    // The vendor PHP SDK (src/Wrappers/SSL.php) sends the method as includeAlternativeMethods.
    aliases: { includeAlternativeMethods: "validationMethod" },
  }),
  resendvalidationmail: op({
    summary: "Sends the approval e-mail of one name again (status process, method e-mail).",
    params: z.object({ certificateID: int({ min: 1 }), commonName: sslName() }),
    response: rObj({ certificateID: rInt(), commonName: rStr(), email: rStr() }),
    retrySafe: true,
    spendsMoney: false,
  }),
};
