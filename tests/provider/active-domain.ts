/** A domain in status active for tests of domain sub-objects (GlueRecord, DnssecKey). */
import { expect } from "chai";
import { contactCreateParams, type Harness, OWNER } from "./harness";

/** A domain of the account, active: registered through the sdk, the clock moved past registration. */
export async function activeDomain(h: Harness, domain: string): Promise<void> {
  const owner = contactCreateParams(OWNER);
  await h.client.call("domain/create", { domain, ...Object.fromEntries(Object.entries(owner).map(([k, v]) => [`ownerContact${k}`, v])) } as any);
  await h.emu.control.advanceClock(60);
  expect((await h.client.call("domain/getinfo", { domain, infoType: "status" })).status).to.equal("active");
}
