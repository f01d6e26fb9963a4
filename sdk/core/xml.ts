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
      else entries.push(typeof t === "object" ? { "@_key": escapeText(k), ...(t as object) } : { "@_key": escapeText(k), "#text": t });
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
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\r/g, "&#13;");
}

export function encodeXml(envelope: Record<string, unknown>, pretty = false): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", processEntities: false, format: pretty, suppressEmptyNode: false, indentBy: "  " });
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

/** Parses an XML envelope into the same shape as the JSON one (scalars as text). */
export function decodeXml(xml: string): Record<string, unknown> {
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
