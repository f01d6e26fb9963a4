/** A domain in status active for tests of domain sub-objects (GlueRecord, DnssecKey). */
import { expect } from "chai";
import { type Harness, OWNER } from "./harness";

/** A domain of the account, active: registered through the sdk, the clock moved past registration. */
export async function activeDomain(h: Harness, domain: string): Promise<void> {
  const o = OWNER;
  const owner = {
    Type: o.contactType,
    FirstName: o.firstName,
    LastName: o.lastName,
    IdentNumber: o.identNumber,
    Email: o.email,
    Phone: o.phone,
    Address: o.address,
    PostalCode: o.postalCode,
    City: o.city,
    State: o.state,
    Country: o.country,
  };
  await h.client.call("domain/create", { domain, ...Object.fromEntries(Object.entries(owner).map(([k, v]) => [`ownerContact${k}`, v])) } as any);
  await h.emu.control.advanceClock(60);
  expect((await h.client.call("domain/getinfo", { domain, infoType: "status" })).status).to.equal("active");
}
