/**
 * The XML output format (output-format=xml). The spec fixes only the root element `data` with one
 * child per envelope member and success as 1/0; how arrays and booleans inside responseData look is
 * not shown. Our choice, shared by the emulator (encode) and the client (decode):
 * - an array is an element whose children are all named `item`; an empty array or object is an
 *   empty element;
 * - booleans are 1/0, numbers and text are text; null/undefined members are omitted;
 * - keys that are not XML names (e.g. domain names as dcv keys) become `<entry key="...">`.
 * Decoding yields text for every scalar; the catalogue's coercing response schemas give the JSON
 * types back, so both formats parse to the same typed result.
 */
import { XMLBuilder, XMLParser } from "fast-xml-parser";

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function toXmlTree(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") return escapeText(v);
  if (Array.isArray(v)) return v.length === 0 ? "" : { item: v.map((x) => toXmlTree(x) ?? "") };
  if (typeof v === "object") {
    const out: Record<string, unknown> = {};
    const entries: unknown[] = [];
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
      const t = toXmlTree(val);
      if (t === undefined) continue;
      if (NAME.test(k) && k !== "item" && k !== "entry") out[k] = t;
      else entries.push(typeof t === "object" ? { "@_key": escapeAttr(k), ...(t as object) } : { "@_key": escapeAttr(k), "#text": t });
    }
    if (entries.length) out.entry = entries;
    return Object.keys(out).length === 0 ? "" : out;
  }
  return String(v);
}

/**
 * Text escaping done here rather than by the builder, so that a carriage return survives as &#13;
 * (an XML parser turns a raw CR LF into LF: PEM text with CR LF would change between formats).
 */
function escapeText(s: string): string {
  return xmlSafeText(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\r/g, "&#13;");
}

/** Attribute values also keep tabs and line feeds (a parser normalises raw ones to spaces). */
function escapeAttr(s: string): string {
  return escapeText(s).replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}

/**
 * Characters XML 1.0 does not allow anywhere, not even as character references: C0 controls other
 * than tab, LF and CR, U+FFFE, U+FFFF and lone surrogates (with the u flag a paired surrogate is one
 * code point outside the class).
 */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;
const XML_FORBIDDEN_ALL = new RegExp(XML_FORBIDDEN.source, "gu");

/** The first character of `s` that XML 1.0 forbids, as "U+0007"; undefined when there is none. */
export function xmlForbiddenChar(s: string): string | undefined {
  const m = XML_FORBIDDEN.exec(s);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : undefined;
}

/**
 * Text that can be written into XML 1.0: each forbidden character becomes U+FFFD (they cannot be
 * escaped: `&#1;` is not well-formed either). The emulator refuses such input (error 105); this
 * keeps replies well-formed for values stored before that, or echoed from elsewhere.
 */
export function xmlSafeText(s: string): string {
  return XML_FORBIDDEN.test(s) ? s.replace(XML_FORBIDDEN_ALL, "\uFFFD") : s;
}

export function encodeXml(envelope: Record<string, unknown>, pretty = false): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    processEntities: false,
    format: pretty,
    suppressEmptyNode: false,
    indentBy: "  ",
  });
  return `<?xml version="1.0" encoding="UTF-8"?>${pretty ? "\n" : ""}${builder.build({ data: toXmlTree(envelope) })}`;
}

function fromXmlTree(v: unknown): unknown {
  if (v === null || v === undefined) return "";
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return v.map(fromXmlTree);
  const o = v as Record<string, unknown>;
  // Pretty-printed replies leave whitespace text beside child elements: not content.
  const keys = Object.keys(o).filter((k) => k !== "#text");
  if (keys.length === 0) return typeof o["#text"] === "string" ? o["#text"] : "";
  if (keys.length === 1 && keys[0] === "item") {
    const items = o.item;
    return (Array.isArray(items) ? items : [items]).map(fromXmlTree);
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (k === "entry") {
      const list = Array.isArray(o.entry) ? o.entry : [o.entry];
      for (const e of list as Record<string, unknown>[]) {
        const { "@_key": key, "#text": text, ...rest } = e;
        out[String(key)] = text !== undefined && Object.keys(rest).length === 0 ? String(text) : fromXmlTree(rest);
      }
    } else out[k] = fromXmlTree(o[k]);
  }
  return out;
}

/**
 * Parses an XML envelope into the same shape as the JSON one (scalars as text). The parser is
 * lenient (clients keep reading what they can); `strict` first checks that the document is
 * well-formed XML 1.0 (checkXmlWellFormed) and throws XmlWellFormednessError when it is not.
 */
export function decodeXml(xml: string, options: { strict?: boolean } = {}): Record<string, unknown> {
  if (options.strict) checkXmlWellFormed(xml);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: true, // decodes numeric references such as &#13; (see escapeText)
    isArray: (name) => name === "item" || name === "entry",
  });
  const doc = parser.parse(xml) as Record<string, unknown>;
  if (!doc || typeof doc !== "object" || !("data" in doc)) throw new Error("XML reply has no <data> root element");
  const data = fromXmlTree(doc.data);
  return (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
}

// ---- strict well-formedness (XML 1.0, documents without a DTD) ----------------------------------

export class XmlWellFormednessError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`XML not well-formed at offset ${offset}: ${message}`);
    this.name = "XmlWellFormednessError";
  }
}

const NAME_START =
  ":A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}";
const XML_NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`, "uy");
const XML_REF = /&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|([^\s;&<]*));/y;
const XML_DECL =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(yes|no)\5)?[ \t\r\n]*\?>$/;
const PREDEFINED = new Set(["amp", "lt", "gt", "quot", "apos"]);
const isS = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
const isXmlChar = (cp: number) =>
  cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

/**
 * Throws XmlWellFormednessError unless `xml` is a well-formed XML 1.0 document: only allowed
 * characters (also in character references), one root element, matching tags, unique attributes,
 * quoted attribute values without `<`, only the five predefined entities (a DOCTYPE is refused),
 * well-formed comments, processing instructions and CDATA sections, nothing but comments, PIs and
 * white space around the root. For tests of what the emulator writes; clients stay lenient.
 */
export function checkXmlWellFormed(xml: string): void {
  const fail = (message: string, at: number): never => {
    throw new XmlWellFormednessError(message, at);
  };
  const forbidden = XML_FORBIDDEN.exec(xml);
  if (forbidden) fail(`character ${xmlForbiddenChar(forbidden[0])} is not allowed in XML 1.0`, forbidden.index);
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;

  const name = (): string => {
    XML_NAME.lastIndex = i;
    const m = XML_NAME.exec(xml);
    if (!m) fail("expected a name", i);
    i += m![0].length;
    return m![0];
  };
  const skipS = (): boolean => {
    const start = i;
    while (isS(xml[i])) i++;
    return i > start;
  };
  const refs = (text: string, base: number): void => {
    for (let j = text.indexOf("&"); j >= 0; j = text.indexOf("&", j + 1)) {
      XML_REF.lastIndex = j;
      const m = XML_REF.exec(text);
      if (!m) fail("& that does not start a reference", base + j);
      const [, hex, dec, entity] = m!;
      if (entity !== undefined) {
        if (!PREDEFINED.has(entity)) fail(`undeclared entity &${entity};`, base + j);
      } else {
        const cp = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec!, 10);
        if (!isXmlChar(cp)) fail(`character reference ${m![0]} names a character XML 1.0 does not allow`, base + j);
      }
    }
  };
  const comment = (): void => {
    const end = xml.indexOf("-->", i + 4);
    if (end < 0) fail("unterminated comment", i);
    const body = xml.slice(i + 4, end);
    if (body.includes("--") || body.endsWith("-")) fail("-- inside a comment", i);
    i = end + 3;
  };
  const pi = (): void => {
    const at = i;
    i += 2;
    if (name().toLowerCase() === "xml") fail("the XML declaration is only allowed at the very start", at);
    const end = xml.indexOf("?>", i);
    if (end < 0) fail("unterminated processing instruction", at);
    if (end > i && !isS(xml[i])) fail("expected white space after the processing instruction's target", i);
    i = end + 2;
  };
  const misc = (): void => {
    for (;;) {
      skipS();
      if (xml.startsWith("<!--", i)) comment();
      else if (xml.startsWith("<?", i)) pi();
      else return;
    }
  };

  if (xml.startsWith("<?xml", i) && (isS(xml[i + 5]) || xml[i + 5] === "?")) {
    const end = xml.indexOf("?>", i);
    if (end < 0 || !XML_DECL.test(xml.slice(i, end + 2))) fail("malformed XML declaration", i);
    i = end + 2;
  }
  misc();
  if (xml.startsWith("<!DOCTYPE", i)) fail("a DOCTYPE is not accepted", i);
  if (xml[i] !== "<") fail("expected the root element", i);

  const stack: string[] = [];
  /** A start tag at i; pushes its name unless it is an empty-element tag. */
  const startTag = (): void => {
    i++;
    const tag = name();
    const seen = new Set<string>();
    for (;;) {
      const spaced = skipS();
      if (xml[i] === ">") {
        i++;
        stack.push(tag);
        return;
      }
      if (xml.startsWith("/>", i)) {
        i += 2;
        return;
      }
      if (i >= xml.length) fail(`unterminated start tag <${tag}>`, i);
      if (!spaced) fail("expected white space before an attribute", i);
      const attr = name();
      if (seen.has(attr)) fail(`attribute ${attr} repeated`, i);
      seen.add(attr);
      skipS();
      if (xml[i] !== "=") fail(`expected = after attribute ${attr}`, i);
      i++;
      skipS();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") fail(`attribute ${attr}: value not quoted`, i);
      const end = xml.indexOf(quote, i + 1);
      if (end < 0) fail(`attribute ${attr}: unterminated value`, i);
      const value = xml.slice(i + 1, end);
      if (value.includes("<")) fail(`attribute ${attr}: < inside a value`, i);
      refs(value, i + 1);
      i = end + 1;
    }
  };

  startTag();
  while (stack.length) {
    if (i >= xml.length) fail(`element <${stack[stack.length - 1]}> is not closed`, i);
    if (xml[i] !== "<") {
      const next = xml.indexOf("<", i);
      const end = next < 0 ? xml.length : next;
      const text = xml.slice(i, end);
      const cdataEnd = text.indexOf("]]>");
      if (cdataEnd >= 0) fail("]]> in text", i + cdataEnd);
      refs(text, i);
      i = end;
    } else if (xml.startsWith("</", i)) {
      const at = i;
      i += 2;
      const tag = name();
      skipS();
      if (xml[i] !== ">") fail(`unterminated end tag </${tag}>`, i);
      i++;
      const open = stack.pop();
      if (tag !== open) fail(`end tag </${tag}> does not match <${open}>`, at);
    } else if (xml.startsWith("<!--", i)) comment();
    else if (xml.startsWith("<![CDATA[", i)) {
      const end = xml.indexOf("]]>", i + 9);
      if (end < 0) fail("unterminated CDATA section", i);
      i = end + 3;
    } else if (xml.startsWith("<?", i)) pi();
    else if (xml.startsWith("<!", i)) fail("markup declaration inside an element", i);
    else startTag();
  }
  misc();
  if (i < xml.length) fail("content after the root element", i);
}
