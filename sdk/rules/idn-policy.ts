/**
 * What a registry accepts in an internationalised name beyond IDNA2008 (idn.ts), and its label
 * lengths:
 * - one script per label (ICANN IDN Implementation Guidelines 4.0, on Unicode UTS #39 section 5.2
 *   "Highly Restrictive": a label's letters come from one script, or from one of the combinations a
 *   language writes together: Han with Hiragana and Katakana (Japanese), Han with Hangul (Korean),
 *   Han with Bopomofo (Chinese)); digits, "-" and combining marks (Common, Inherited) go with any;
 * - the .es family (ESNIC, Instrucción del Presidente de Red.es sobre caracteres multilingües,
 *   2007): the letters of Spanish, Catalan, Galician and Basque only, á à é è í ï ó ò ú ü ñ ç and
 *   the Catalan l·l (the middle dot only between two l); a name directly under .es holds at least 3
 *   characters, one under .com.es, .nom.es, .org.es, .gob.es or .edu.es at least 2 (Plan Nacional
 *   de nombres de dominio, Orden ITC/1542/2005, 3.2);
 * - .cat (Fundació puntCAT): the Catalan letters à ç è é í ï ò ó ú ü and l·l;
 * - .eu (EURid): the scripts of the EU's official languages, Latin, Greek and Cyrillic.
 */
import { cleanHost } from "./idn";

/** Scripts told apart (Unicode Script property); a letter of none of them is "another script". */
const SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Thaana",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Mongolian",
  "Ethiopic",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Han",
] as const;
const SCRIPT_RE = SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, "u")] as const);
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** UTS #39 5.2: the script sets one label may mix. */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [new Set(["Han", "Hiragana", "Katakana"]), new Set(["Han", "Hangul"]), new Set(["Han", "Bopomofo"])];

/** The scripts of a Unicode label's letters (Common and Inherited characters left out). */
export function labelScripts(label: string): Set<string> {
  const out = new Set<string>();
  for (const c of label) {
    if (NEUTRAL.test(c)) continue;
    out.add(SCRIPT_RE.find(([, re]) => re.test(c))?.[0] ?? `another script (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`);
  }
  return out;
}

/** Why a Unicode label mixes scripts, or undefined. */
export function mixedScriptProblem(label: string): string | undefined {
  const scripts = labelScripts(label);
  if (scripts.size < 2) return undefined;
  if (ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)))) return undefined;
  return `label "${label}" mixes scripts (${[...scripts].join(", ")}): a registry takes the letters of one script per label (ICANN IDN Implementation Guidelines, Unicode UTS #39 5.2), which keeps look-alike names apart`;
}

/** The letters beyond a-z each registry with its own list accepts, and that list's source. */
const ES_LETTERS = "áàéèíïóòúüñç";
const REPERTOIRES: Readonly<Record<string, { letters: string; middleDot: boolean; source: string }>> = {
  es: { letters: ES_LETTERS, middleDot: true, source: "ESNIC: the letters of Spanish, Catalan, Galician and Basque" },
  cat: { letters: "àçèéíïòóúü", middleDot: true, source: "puntCAT: the Catalan letters" },
};
const ES_FAMILY = new Set(["es", "com.es", "nom.es", "org.es", "gob.es", "edu.es"]);
const EU_SCRIPTS = new Set(["Latin", "Greek", "Cyrillic"]);

/** The registry policy a name falls under: its TLD as the tables here spell it. */
function policyTld(labels: readonly string[]): string {
  const two = labels.slice(-2).join(".");
  return labels.length > 2 && ES_FAMILY.has(two) ? two : (labels.at(-1) ?? "");
}

/**
 * Why a registry would refuse `name` (Unicode form, lower case) as a registration beyond IDNA2008,
 * or undefined: a label of several scripts, a letter outside the TLD's list, a name too short.
 */
export function registryNameProblem(name: string): string | undefined {
  const labels = cleanHost(name).split(".");
  const tld = policyTld(labels);
  const top = tld.split(".").pop() ?? "";
  const label = labels[labels.length - tld.split(".").length - 1] ?? labels[0];
  const mixed = mixedScriptProblem(label);
  if (mixed) return mixed;
  const repertoire = REPERTOIRES[ES_FAMILY.has(tld) ? "es" : top];
  if (repertoire) {
    for (const c of label) {
      if (/[a-z0-9-]/.test(c) || repertoire.letters.includes(c)) continue;
      if (c === "\u00b7" && repertoire.middleDot) continue;
      return `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}) is not a letter .${tld} names take (${repertoire.source}: a-z, 0-9, -, ${[...repertoire.letters].join(" ")}${repertoire.middleDot ? " and l·l" : ""})`;
    }
    if (label.replace(/l\u00b7(?=l)/g, "").includes("\u00b7"))
      return `"${label}": the middle dot (U+00B7) stands only between two l, as in l·l (${repertoire.source})`;
  }
  if (top === "eu") {
    const other = [...labelScripts(label)].find((s) => !EU_SCRIPTS.has(s));
    if (other)
      return `label "${label}" is written in ${other}; .eu names take the scripts of the EU's official languages only: Latin, Greek or Cyrillic (EURid)`;
  }
  if (ES_FAMILY.has(tld)) {
    const min = tld === "es" ? 3 : 2;
    const n = [...label].length;
    if (n < min)
      return `"${label}" has ${n} character${n === 1 ? "" : "s"}; a name under .${tld} has at least ${min} (ESNIC, Plan Nacional de nombres de dominio 3.2)`;
  }
  return undefined;
}
