/**
 * Postal codes as the postal operators write them, for the countries where most of the API's users
 * live (Universal Postal Union, POST*CODE / "Postal addressing systems" of each member country):
 * registries that check contact addresses (ESNIC among them) refuse a code of the wrong shape for
 * the contact's country. Spain's first two digits are the province, 01 to 52 (Correos). A country
 * not listed here is not judged (several have no postal codes at all).
 */

interface PostalFormat {
  re: RegExp;
  /** How the code is written, with an example. */
  shape: string;
}

const FORMATS: Readonly<Record<string, PostalFormat>> = {
  ES: { re: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, shape: "5 digits whose first two are the province, 01 to 52 (e.g. 28001; Correos)" },
  PT: { re: /^[1-9]\d{3}-\d{3}$/, shape: "NNNN-NNN (e.g. 1000-001; CTT)" },
  FR: { re: /^((0[1-9]|[1-8]\d|9[0-5])\d{3}|97[1-8]\d{2}|98\d{3})$/, shape: "5 digits starting with the department (e.g. 75001; La Poste)" },
  DE: { re: /^(0[1-9]|[1-9]\d)\d{3}$/, shape: "5 digits (e.g. 10115; Deutsche Post)" },
  IT: { re: /^\d{5}$/, shape: "5 digits (e.g. 00184; Poste Italiane CAP)" },
  GB: { re: /^(GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})$/, shape: "a postcode such as SW1A 1AA (Royal Mail)" },
  US: { re: /^\d{5}(-\d{4})?$/, shape: "a ZIP code, 5 digits or ZIP+4 (e.g. 20500 or 20500-0003; USPS)" },
  CA: { re: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/, shape: "A1A 1A1 (e.g. K1A 0B1; Canada Post)" },
  MX: { re: /^\d{5}$/, shape: "5 digits (e.g. 06000; Correos de México)" },
  AR: { re: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, shape: "a CPA such as C1425DKD, or the older 4 digits (Correo Argentino)" },
  NL: { re: /^[1-9]\d{3} [A-Z]{2}$/, shape: "1234 AB (PostNL)" },
  BE: { re: /^[1-9]\d{3}$/, shape: "4 digits (e.g. 1000; bpost)" },
  CH: { re: /^[1-9]\d{3}$/, shape: "4 digits (e.g. 3003; Swiss Post)" },
  AT: { re: /^[1-9]\d{3}$/, shape: "4 digits (e.g. 1010; Österreichische Post)" },
  AD: { re: /^AD[1-7]\d{2}$/, shape: "AD and 3 digits (e.g. AD500; Andorra Correus)" },
  BR: { re: /^\d{5}-\d{3}$/, shape: "a CEP, NNNNN-NNN (e.g. 01310-100; Correios)" },
  CL: { re: /^\d{7}$/, shape: "7 digits (Correos de Chile)" },
  CO: { re: /^\d{6}$/, shape: "6 digits (4-72)" },
  PE: { re: /^\d{5}$/, shape: "5 digits (Serpost)" },
  UY: { re: /^\d{5}$/, shape: "5 digits (Correo Uruguayo)" },
  RU: { re: /^\d{6}$/, shape: "6 digits (Russian Post)" },
  PL: { re: /^\d{2}-\d{3}$/, shape: "NN-NNN (Poczta Polska)" },
  SE: { re: /^[1-9]\d{2} \d{2}$/, shape: "NNN NN (PostNord)" },
};

/**
 * The code as a postal operator writes it: trimmed, upper case, and for the formats with a space
 * (GB, CA, NL, SE) the space put where it goes when it was left out.
 */
export function normalisePostalCode(country: string, code: string): string {
  const c = code.trim().toUpperCase().replace(/\s+/g, " ");
  const compact = c.replace(/ /g, "");
  switch (country.toUpperCase()) {
    case "GB":
    case "CA":
      return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : c;
    case "NL":
      return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : c;
    case "SE":
      return /^\d{5}$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : c;
    default:
      return c;
  }
}

/** Why `code` is not a postal code of `country` (ISO 3166), or undefined (also for countries not listed). */
export function postalCodeProblem(country: string, code: string): string | undefined {
  const f = FORMATS[country.trim().toUpperCase()];
  if (!f || f.re.test(normalisePostalCode(country, code))) return undefined;
  return `"${code.trim()}" is not a postal code of ${country.trim().toUpperCase()}: ${f.shape} (UPU postal addressing)`;
}
