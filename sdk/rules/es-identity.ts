/**
 * Spanish identity numbers (ESNIC asks the owner of a .es domain for one: NIF/NIE for residents,
 * a company's NIF, formerly CIF). The check characters are the Spanish Ministry of the Interior's
 * (NIF/DNI, Real Decreto 1553/2005: the number mod 23 picks a letter; NIE: X, Y, Z stand for 0, 1,
 * 2 first) and the Tax Agency's (company NIF/CIF, Orden EHA/451/2008: a Luhn-like control digit,
 * or its letter). A value of none of these shapes (a passport, a foreign VAT number) is not judged.
 */

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_LETTERS = "JABCDEFGHI";
/** First letters of a company NIF/CIF (Orden EHA/451/2008, art. 3). */
const CIF_KINDS = "ABCDEFGHJNPQRSUVW";
/** Kinds whose control is always a letter (public bodies, non-resident entities) or always a digit (companies). */
const CIF_LETTER_CONTROL = "KNPQRSW";
const CIF_DIGIT_CONTROL = "ABEH";

export type SpanishIdKind = "NIF" | "NIE" | "CIF";

export interface SpanishId {
  kind: SpanishIdKind;
  /** Upper case, without spaces, dots or hyphens. */
  value: string;
  /** Why the check character is wrong, or undefined when it is right. */
  problem?: string;
}

/** Upper case, with the separators people type (spaces, dots, hyphens) and an "ES" VAT prefix removed. */
export function cleanSpanishId(raw: string): string {
  const v = raw.toUpperCase().replace(/[\s.-]/g, "");
  return /^ES[0-9A-Z]{9}$/.test(v) ? v.slice(2) : v;
}

/** The NIF letter of a number (DNI): number mod 23 in the table TRWAGMYFPDXBNJZSQVHLCKE. */
export function nifLetter(digits: string): string {
  return NIF_LETTERS[Number(digits) % 23];
}

/** The control digit of a company NIF/CIF's 7 digits: odd positions doubled (digits summed), even ones added; 10 minus the last digit. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 0) {
      const x = d * 2;
      sum += Math.floor(x / 10) + (x % 10);
    } else sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The Spanish document a value has the shape of, with its check verdict; undefined for any other shape. */
export function spanishId(raw: string): SpanishId | undefined {
  const v = cleanSpanishId(raw);
  let m = /^(\d{8})([A-Z])$/.exec(v);
  if (m) {
    const want = nifLetter(m[1]);
    return { kind: "NIF", value: v, ...(m[2] === want ? {} : { problem: `the NIF's letter is wrong: ${m[1]} mod 23 gives ${want}, not ${m[2]}` }) };
  }
  // K, L, M: NIFs of Spaniards under 14, non-resident Spaniards and foreigners without NIE; same letter rule.
  m = /^([KLM])(\d{7})([A-Z])$/.exec(v);
  if (m) {
    const want = nifLetter(m[2]);
    return { kind: "NIF", value: v, ...(m[3] === want ? {} : { problem: `the NIF's letter is wrong: ${m[2]} mod 23 gives ${want}, not ${m[3]}` }) };
  }
  m = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (m) {
    const n = `${"XYZ".indexOf(m[1])}${m[2]}`;
    const want = nifLetter(n);
    return {
      kind: "NIE",
      value: v,
      ...(m[3] === want ? {} : { problem: `the NIE's letter is wrong: ${m[1]}=${n[0]}, ${n} mod 23 gives ${want}, not ${m[3]}` }),
    };
  }
  m = /^([A-Z])(\d{7})([0-9A-J])$/.exec(v);
  if (m && CIF_KINDS.includes(m[1])) {
    const digit = cifControlDigit(m[2]);
    const letter = CIF_LETTERS[digit];
    const control = m[3];
    const ok = CIF_LETTER_CONTROL.includes(m[1])
      ? control === letter
      : CIF_DIGIT_CONTROL.includes(m[1])
        ? control === String(digit)
        : control === letter || control === String(digit);
    const want = CIF_LETTER_CONTROL.includes(m[1]) ? letter : CIF_DIGIT_CONTROL.includes(m[1]) ? String(digit) : `${digit} or ${letter}`;
    return {
      kind: "CIF",
      value: v,
      ...(ok ? {} : { problem: `the company NIF (CIF)'s control character is wrong: ${m[1]}${m[2]} needs ${want}, not ${control}` }),
    };
  }
  return undefined;
}
