/** tool module (spec "tool module"). */
import { z } from "zod";
import { domainName, nameservers, oneOf, op, rArray, rBool, rObj, rStr, text } from "./_prelude";

export const tool = {
  hello: op({
    summary: "Connectivity check: caller IP, language and API version.",
    params: z.object({}),
    response: rObj({ ip: rStr(), lang: rStr(), version: rStr() }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  idnconverter: op({
    summary: "Converts a name between Unicode and punycode.",
    params: z.object({ query: text() }),
    response: rObj({ query: rStr(), unicode: rStr(), punycode: rStr() }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  domainsuggests: op({
    summary: "Domain name suggestions for a word (abuse leads to a ban: spec rule 3).",
    params: z.object({
      query: text(),
      language: oneOf(["es", "en", "zh", "fr", "de", "kr", "pt", "tr"] as const).default("es"),
      // Comma list (which TLDs: emulator/modules/tool). A leading dot is accepted: WHMCS hands its
      // registrar modules TLDs as ".com", and the vendor's module passes them on (issue 22).
      tlds: z
        .preprocess(
          (v) => (Array.isArray(v) ? v.join(",") : v),
          z.string().regex(/^\.?[a-z0-9-]+(,\.?[a-z0-9-]+)*$/i, { error: "must be a comma-separated TLD list such as com,net (a leading dot is allowed)" }),
        )
        .default("com,net"),
    }),
    response: rObj({ query: rStr(), suggests: z.record(z.string(), z.record(z.string(), rBool())) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  gettable: op({
    summary: "Reference tables (countries).",
    // The spec's example sends `country`, its description and the PHP SDK say `countries` (facts.md).
    params: z.object({ tableType: oneOf(["countries", "country"] as const) }),
    response: rObj({ items: rArray(rObj({ code: rStr(), name: rStr() })) }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  dig: op({
    summary: "DNS query against a nameserver.",
    params: z.object({
      query: text(),
      type: oneOf(["A", "AAAA", "ANY", "CNAME", "MX", "NS", "SOA", "TXT", "CAA"] as const),
      nameserver: text(),
    }),
    response: rObj({ query: rStr(), nameserver: rStr(), type: rStr(), result: rStr() }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
  zonecheck: op({
    summary: "Checks a zone against its nameservers (at least 2).",
    params: z.object({ domain: domainName(), nameservers: nameservers([], 2, 13) }),
    response: rObj({
      domain: rStr(),
      nameservers: rArray(rStr()),
      result: rObj({ zonepass: rBool(), report: rStr() }),
    }),
    retrySafe: true,
    readOnly: true,
    spendsMoney: false,
  }),
};
