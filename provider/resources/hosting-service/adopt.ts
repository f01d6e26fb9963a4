/**
 * HostingService in an exported program (core/descriptor.ts `adopt`): `registration: "adopt"`
 * spends nothing. A product HostingService does not take is left out (the objects inside the
 * service are still declared).
 */
import { PRODUCT_KEYS } from "../../../sdk/catalogue/service";
import { type Adoption, text } from "../../core/adoption";
import type { ServiceHead } from "./discover";

export function adoptService(s: ServiceHead): Adoption {
  const known = (PRODUCT_KEYS as readonly string[]).includes(s.productKey);
  return {
    name: { parts: [s.name], identity: s.name },
    lines: ["", text`==== ${s.name} ====`],
    ...(known
      ? { args: { name: s.name, productKey: s.productKey, registration: "adopt" }, comment: s.status !== "active" ? `status ${s.status}` : undefined }
      : { skipped: [{ what: `service ${s.name}`, why: `product "${s.productKey}" is none HostingService takes` }] }),
  };
}
