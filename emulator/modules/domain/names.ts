/**
 * Domain names and TLD rules: the name's forms, the TLD entry (2002), the name's shape (2001), the
 * period (105) and the TLD-specific parameters (101), with the prices of the TLD table.
 */
import { tldParamProblems } from "../../../sdk/catalogue/domain";
import { asciiOrSelf, type OwnerFacts, ownerEligibilityProblems, registryNameProblem, toUnicode } from "../../../sdk/rules";
import { fault } from "../../core/errors";
import { findTld, type TldInfo, type TldPrice } from "../../data/tlds";
import { ErrorCode } from "../../../sdk/core/error-codes";

/** Lower-case IDNA form of a name given in either form. */
export function asciiName(name: string): string {
  return asciiOrSelf(name);
}

export interface ParsedName {
  /** Unicode form. */
  name: string;
  punycode: string;
  tld: TldInfo;
}

/** Splits and checks a registrable name: 2002 for an unknown TLD, 2001 for a bad shape. */
export function parseName(input: string): ParsedName {
  const punycode = asciiName(input);
  const tld = findTld(punycode);
  if (!tld) {
    const top = punycode.split(".").pop();
    throw fault(ErrorCode.TLD_NOT_SUPPORTED, `TLD .${top} of ${input} is not supported: account/zones lists the TLDs on offer`);
  }
  const labels = punycode.split(".");
  if (labels.length !== tld.tld.split(".").length + 1) {
    throw fault(
      ErrorCode.INVALID_DOMAIN_NAME,
      `${input} is not a registrable name: register the name directly under .${tld.tld} (for example example.${tld.tld})`,
    );
  }
  if (labels[0].startsWith("xn--") && !tld.idn) {
    throw fault(ErrorCode.INVALID_DOMAIN_NAME, `${input}: .${tld.tld} does not accept internationalised (IDN) names`);
  }
  if (/^..--/.test(labels[0]) && !labels[0].startsWith("xn--")) {
    throw fault(ErrorCode.INVALID_DOMAIN_NAME, `${input}: hyphens in the third and fourth position are reserved for IDN labels`);
  }
  let name = punycode;
  try {
    name = toUnicode(punycode);
  } catch {
    throw fault(ErrorCode.INVALID_DOMAIN_NAME, `${input} is not a valid internationalised name`);
  }
  // What the registry takes beyond IDNA (sdk/rules idn-policy.ts): its letters, one script a label, its shortest names.
  const policy = registryNameProblem(name);
  if (policy) throw fault(ErrorCode.INVALID_DOMAIN_NAME, `${input}: ${policy}`);
  return { name, punycode, tld };
}

/** The period to use: the TLD's minimum by default (spec "Limits"), else one of its allowed years. */
export function pickPeriod(price: TldPrice, period: number | undefined, what: string, tld: string): number {
  const years = period ?? price.years[0];
  if (!price.years.includes(years)) {
    throw fault(ErrorCode.INVALID_PARAMETER, `period: ${years} years is not allowed for .${tld} ${what} (allowed: ${price.years.join(", ")})`);
  }
  return years;
}

/** TLD-specific parameters, now that the owner's type is known (the catalogue checks the rest). */
export function checkTldParams(operation: "create" | "transfer", punycode: string, params: Record<string, unknown>, ownerType: string): void {
  const problems = tldParamProblems(operation, punycode, params, ownerType);
  if (problems.length) {
    throw fault(ErrorCode.PARAMETER_FAULT, ...problems.map((p) => `Parameter fault: ${p.param}: ${p.rule}`));
  }
}

/** Money rounding to cents. */
export function money(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Who may hold the TLD (sdk/rules tld-eligibility.ts: ESNIC's identity numbers and .nom.es, .eu
 * and .fr residence): the registry refuses the owner, so the order is refused before any charge.
 */
export function checkOwnerEligibility(punycode: string, owner: OwnerFacts): void {
  const problems = ownerEligibilityProblems(punycode, owner);
  if (problems.length) throw fault(ErrorCode.CONTACT_DATA_ERROR, ...problems.map((p) => `owner contact ${p.field}: ${p.rule}`));
}
