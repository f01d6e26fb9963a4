/**
 * Type checks of the resources' inputs (run by `npm run typecheck`, part of `npm test`): record
 * types, renewal modes, product keys, onDestroy, waitFor, redirect types, SSL validation methods and
 * contact types are string-literal unions taken from the catalogue and the schemas, so an editor
 * completes them and tsc refuses a typo before any preview. Each @ts-expect-error fails the type
 * check if the line below it ever compiles; the test beside it asserts that check (preview) refuses
 * the same value at run time too, naming the field.
 */
import { expect } from "chai";
import type { ContactArgs, DnsRecordArgs, DomainArgs, HostingServiceArgs, RedirectArgs, SslCertificateArgs } from "../../provider";
import { fakeCaller, setCallerFactoryForTests } from "../../provider/core/client";
import * as contactCrud from "../../provider/resources/contact/crud";
import * as dnsCrud from "../../provider/resources/dns-record/crud";
import * as domainCrud from "../../provider/resources/domain/crud";
import * as hostingCrud from "../../provider/resources/hosting-service/crud";
import * as redirectCrud from "../../provider/resources/redirect/crud";
import * as sslCrud from "../../provider/resources/ssl-certificate/crud";

const OWNER = "GAR-1";
const record: DnsRecordArgs = { serviceName: "example.com", name: "www", type: "AAAA", value: "2001:db8::1", ttl: "-" };
const mx: DnsRecordArgs = { serviceName: "example.com", name: "@", type: "MX", value: "mail.example.com", ttl: 3600, priority: "-" };
const domain: DomainArgs = {
  // Not example.com itself: RFC 2606 reserves it, and check refuses its registration (issue 27).
  name: "shop-example.com",
  contacts: { owner: OWNER },
  renewalMode: "autorenew",
  onDestroy: "letexpire",
  waitFor: "submitted",
  registration: "register",
};
const hosting: HostingServiceArgs = { name: "example.com", productKey: "basic", renewalMode: "manual", onDestroy: "manual", registration: "adopt" };
const redirect: RedirectArgs = { serviceName: "example.com", origin: "@", destination: "https://example.org", type: "frame" };
const ssl: SslCertificateArgs = {
  productId: 101,
  csr: "-----BEGIN CERTIFICATE REQUEST-----",
  adminContact: OWNER,
  validationMethod: "admin@example.com",
  waitFor: "issued",
};
const contact: ContactArgs = { contactType: "organization", orgName: "Ruiz SL" };

/** The reasons check gives for these inputs (the value spelt as the program would, cast past tsc). */
async function refused(
  check: (olds: object, news: Record<string, unknown>) => Promise<{ failures?: { reason: string }[] }>,
  inputs: object,
): Promise<string[]> {
  return ((await check({}, inputs as Record<string, unknown>)).failures ?? []).map((f) => f.reason);
}

describe("resource input types", () => {
  let calls = 0;
  before(() => setCallerFactoryForTests(() => fakeCaller(async () => void calls++)));
  after(() => setCallerFactoryForTests(undefined));
  afterEach(() => expect(calls, "check of these inputs makes no API call").to.equal(0));

  it("accepts every value of the unions (the objects above compile), and check takes them", async () => {
    expect(await refused(dnsCrud.check, record)).to.deep.equal([]);
    expect(await refused(dnsCrud.check, mx)).to.deep.equal([]);
    expect(await refused(redirectCrud.check, redirect)).to.deep.equal([]);
    expect(await refused(hostingCrud.check, { ...hosting, registration: "create" })).to.deep.equal([]);
    expect(await refused(domainCrud.check, { ...domain, tldParams: undefined })).to.deep.equal([]);
  });

  it("DnsRecord: a record type that is no DNS type fails tsc and check", async () => {
    // @ts-expect-error "AAA" is not a record type
    const typo: DnsRecordArgs = { ...record, type: "AAA" };
    expect(await refused(dnsCrud.check, typo)).to.include.members([
      'type: "AAA" is not a supported record type; use one of A, AAAA, CNAME, MX, SRV, TXT, NS, CAA',
    ]);
    // @ts-expect-error ttl is seconds or "-"
    const ttl: DnsRecordArgs = { ...record, ttl: "default" };
    expect((await refused(dnsCrud.check, ttl)).join("\n")).to.match(/^ttl: /m);
  });

  it("Domain: renewalMode, onDestroy, waitFor and registration outside their unions fail tsc and check", async () => {
    // @ts-expect-error "auto" is not a renewal mode
    const mode: DomainArgs = { ...domain, renewalMode: "auto" };
    expect((await refused(domainCrud.check, mode)).join("\n")).to.match(/^renewalMode: must be one of autorenew, manual, letexpire/m);
    // @ts-expect-error destroy never deletes a domain
    const destroy: DomainArgs = { ...domain, onDestroy: "delete" };
    expect((await refused(domainCrud.check, destroy)).join("\n")).to.match(/^onDestroy: must be one of forget, letexpire/m);
    // @ts-expect-error "issued" is SslCertificate's waitFor
    const wait: DomainArgs = { ...domain, waitFor: "issued" };
    expect((await refused(domainCrud.check, wait)).join("\n")).to.match(/^waitFor: must be one of submitted, active/m);
    // @ts-expect-error "create" is HostingService's registration
    const reg: DomainArgs = { ...domain, registration: "create" };
    expect((await refused(domainCrud.check, reg)).join("\n")).to.match(/^registration: must be one of register, transfer, adopt/m);
  });

  it("HostingService: a product key or renewal mode outside the catalogue's fails tsc and check", async () => {
    // @ts-expect-error "premium" is no product key
    const product: HostingServiceArgs = { ...hosting, productKey: "premium" };
    expect((await refused(hostingCrud.check, product)).join("\n")).to.match(/^productKey: must be one of redir, mini, mail/m);
    // @ts-expect-error letexpire is a domain's renewal mode, not a service's
    const mode: HostingServiceArgs = { ...hosting, renewalMode: "letexpire" };
    expect((await refused(hostingCrud.check, mode)).join("\n")).to.match(/^renewalMode: must be one of autorenew, manual/m);
    // @ts-expect-error a service is never deleted
    const destroy: HostingServiceArgs = { ...hosting, onDestroy: "delete" };
    expect((await refused(hostingCrud.check, destroy)).join("\n")).to.match(/^onDestroy: must be one of forget, manual/m);
  });

  it("Redirect, SslCertificate, Contact: type, validationMethod, waitFor and contactType fail tsc and check", async () => {
    // @ts-expect-error 303 is not a redirect type
    const see: RedirectArgs = { ...redirect, type: "303" };
    expect((await refused(redirectCrud.check, see)).join("\n")).to.match(/^type: must be one of 301, 302, frame/m);
    // @ts-expect-error "email" is neither a method nor an approver's address
    const method: SslCertificateArgs = { ...ssl, validationMethod: "email" };
    expect((await refused(sslCrud.check, method)).join("\n")).to.match(/^validationMethod: must be dns, http, https or an e-mail address/m);
    // @ts-expect-error "active" is Domain's waitFor
    const wait: SslCertificateArgs = { ...ssl, waitFor: "active" };
    expect((await refused(sslCrud.check, wait)).join("\n")).to.match(/^waitFor: must be one of issued, submitted/m);
    // @ts-expect-error "company" is no contact type
    const kind: ContactArgs = { ...contact, contactType: "company" };
    expect((await refused(contactCrud.check, kind)).join("\n")).to.match(/^contactType: must be one of individual, organization/m);
  });
});
