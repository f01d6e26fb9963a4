/**
 * Telephone numbers as registries validate them (EPP contact voice, RFC 5733 2.5: E.164 as
 * "+CC.NUMBER"): the country code one ITU-T assigned (ITU-T E.164 and its list of assigned country
 * codes), at most 15 digits in all (E.164 section 6.1), and, for the countries where most of the
 * API's users live, the length and first digit of the national number their numbering plans give
 * (the trunk prefix "0" dropped, as E.164 writes numbers). A number that none of these refuses may
 * still not exist: only its shape is judged.
 */

/** ITU-T E.164 assigned country codes (the list of ITU-T Recommendation E.164 assigned country codes, 2024). */
export const E164_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    "1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 " +
    "211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 " +
    "250 251 252 253 254 255 256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 " +
    "350 351 352 353 354 355 356 357 358 359 370 371 372 373 374 375 376 377 378 379 380 381 382 383 385 386 387 389 420 421 423 " +
    "500 501 502 503 504 505 506 507 508 509 590 591 592 593 594 595 596 597 598 599 " +
    "670 672 673 674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691 692 " +
    "800 808 850 852 853 855 856 870 878 880 881 882 883 886 888 " +
    "960 961 962 963 964 965 966 967 968 970 971 972 973 974 975 976 977 979 992 993 994 995 996 998"
  ).split(" "),
);

interface NationalPlan {
  country: string;
  /** The national significant number (after the country code, no trunk prefix). */
  re: RegExp;
  shape: string;
  /** The national plan's authority. */
  source: string;
}

/** National numbering plans by country code (the national significant number's length and first digit). */
const PLANS: Readonly<Record<string, NationalPlan>> = {
  "34": { country: "Spain", re: /^[5-9]\d{8}$/, shape: "9 digits starting with 5 to 9", source: "Plan nacional de numeración telefónica, CNMC" },
  "351": { country: "Portugal", re: /^[2-9]\d{8}$/, shape: "9 digits starting with 2 to 9", source: "ANACOM numbering plan" },
  "33": { country: "France", re: /^[1-9]\d{8}$/, shape: "9 digits, without the leading 0", source: "ARCEP plan de numérotation" },
  "1": { country: "the NANP (US, Canada...)", re: /^[2-9]\d{2}[2-9]\d{6}$/, shape: "10 digits NXX-NXX-XXXX (N: 2 to 9)", source: "NANPA" },
  "52": { country: "Mexico", re: /^\d{10}$/, shape: "10 digits (no mobile 1 since 2019)", source: "IFT plan de numeración" },
  "44": { country: "the United Kingdom", re: /^[1-9]\d{8,9}$/, shape: "9 or 10 digits, without the leading 0", source: "Ofcom national numbering plan" },
  "49": { country: "Germany", re: /^[1-9]\d{4,12}$/, shape: "5 to 13 digits, without the leading 0", source: "BNetzA Nummernplan" },
  "39": { country: "Italy", re: /^[0-9]\d{5,10}$/, shape: "6 to 11 digits (fixed numbers keep their 0)", source: "AGCOM piano di numerazione" },
  "54": { country: "Argentina", re: /^9?\d{10}$/, shape: "10 digits (mobiles 9 and 10 digits)", source: "ENACOM plan fundamental de numeración" },
  "7": { country: "Russia and Kazakhstan", re: /^[3-9]\d{9}$/, shape: "10 digits", source: "Rossvyaz numbering plan" },
  "41": { country: "Switzerland", re: /^[1-9]\d{8}$/, shape: "9 digits, without the leading 0", source: "OFCOM numbering plan" },
  "31": { country: "the Netherlands", re: /^[1-9]\d{8}$/, shape: "9 digits, without the leading 0", source: "ACM nummerplan" },
  "32": { country: "Belgium", re: /^[1-9]\d{7,8}$/, shape: "8 or 9 digits, without the leading 0", source: "BIPT numbering plan" },
  "376": { country: "Andorra", re: /^[3-9]\d{5}$/, shape: "6 digits", source: "Andorra Telecom numbering plan" },
  "57": { country: "Colombia", re: /^[36]\d{9}$/, shape: "10 digits starting with 3 or 6", source: "CRC plan de numeración" },
  "56": { country: "Chile", re: /^[2-9]\d{8}$/, shape: "9 digits", source: "SUBTEL plan de numeración" },
};

/** ISO 3166 country -> its E.164 country code, for the countries with a plan above and their neighbours. */
export const COUNTRY_CALLING_CODES: Readonly<Record<string, string>> = {
  ES: "34",
  PT: "351",
  FR: "33",
  US: "1",
  CA: "1",
  MX: "52",
  GB: "44",
  DE: "49",
  IT: "39",
  AR: "54",
  RU: "7",
  CH: "41",
  NL: "31",
  BE: "32",
  AD: "376",
  CO: "57",
  CL: "56",
  PE: "51",
  IE: "353",
  AT: "43",
  UY: "598",
  VE: "58",
  EC: "593",
};

/** "+CC.NUMBER" split (spaces and dashes already removed), or undefined. */
export function splitPhone(phone: string): { cc: string; number: string } | undefined {
  const m = /^\+(\d{1,3})\.(\d+)$/.exec(phone);
  return m ? { cc: m[1], number: m[2] } : undefined;
}

/** Why a +CC.NUMBER phone is not an E.164 number, or undefined (a value not of that shape is left to the shape rule). */
export function phoneNumberProblem(phone: string): string | undefined {
  const p = splitPhone(phone);
  if (!p) return undefined;
  if (!E164_COUNTRY_CODES.has(p.cc)) return `+${p.cc} is not a country code ITU-T assigned (ITU-T E.164)`;
  const digits = p.cc.length + p.number.length;
  if (digits > 15) return `+${p.cc}.${p.number} has ${digits} digits; an E.164 number has at most 15 with its country code (ITU-T E.164 6.1)`;
  const plan = PLANS[p.cc];
  if (plan && !plan.re.test(p.number)) {
    const trunk = p.number.startsWith("0") && plan.re.test(p.number.slice(1)) ? `: drop the leading 0 (the trunk prefix), +${p.cc}.${p.number.slice(1)}` : "";
    return `+${p.cc} numbers of ${plan.country} are ${plan.shape} (${plan.source}); ${p.number} is not one${trunk}`;
  }
  return undefined;
}

/** Why a phone's country code does not match the contact's country (a warning, not a refusal), or undefined. */
export function phoneCountryMismatch(phone: string, country: string): string | undefined {
  const p = splitPhone(phone);
  const want = COUNTRY_CALLING_CODES[country.toUpperCase()];
  if (!p || !want || p.cc === want) return undefined;
  return `+${p.cc} is not ${country.toUpperCase()}'s country code (+${want}): check the number, registries call it to verify the contact`;
}
