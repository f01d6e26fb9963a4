/** FtpAccount, Database and Subdomain: check-time normalisation, API mappings, failures without a property. */
import { expect } from "chai";
import { databaseDefinition } from "../../provider/resources/database/definition";
import { createdDatabase, databaseStateFromItem } from "../../provider/resources/database/mapping";
import { ftpAccountInputs } from "../../provider/resources/ftp-account/schema";
import { sslFromApi, subdomainNeedsUpdate, subdomainParams, subdomainStateFromItem } from "../../provider/resources/subdomain/mapping";
import { subdomainFullName, subdomainInputs } from "../../provider/resources/subdomain/schema";
import { check as subdomainCheck } from "../../provider/resources/subdomain/crud";
import { defineProvider } from "../../provider/core/frame";

describe("FtpAccount/Database/Subdomain check", () => {
  it("normalises FTP inputs to what ftplist answers", () => {
    const r = ftpAccountInputs.parse({ serviceName: "Example.COM", name: " Deploy ", ftpPath: " /web ", password: "Secret-123" });
    expect(r).to.deep.equal({ serviceName: "example.com", name: "deploy", ftpPath: "/web", password: "Secret-123" });
    const bad = ftpAccountInputs.safeParse({ serviceName: "example.com", name: "-x", ftpPath: "/a/../b", password: "has space1" });
    expect(bad.success).to.equal(false);
    const msgs = bad.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n");
    expect(msgs)
      .to.match(/name: must be 1 to 32/)
      .and.match(/ftpPath: must not contain \.\./)
      .and.match(/password: must be 8 to 64/);
    expect(msgs).not.to.include("has space1");
  });

  it("turns a subdomain name into the full host name under the service", () => {
    expect(subdomainFullName("example.com", "Blog")).to.equal("blog.example.com");
    expect(subdomainFullName("example.com", "blog.example.com.")).to.equal("blog.example.com");
    expect(subdomainFullName("example.com", "café")).to.equal("xn--caf-dma.example.com");
    expect(subdomainFullName("bücher.de", "blog.xn--bcher-kva.de")).to.equal("blog.xn--bcher-kva.de");
    expect(subdomainFullName("example.com", "@")).to.have.property("problem");
    expect(subdomainFullName("example.com", "example.com")).to.have.property("problem");
    expect(subdomainFullName("example.com", "*.x")).to.have.property("problem");
  });

  it("keeps the service's name in HostingService's form: lower case Unicode", () => {
    expect(ftpAccountInputs.parse({ serviceName: "XN--BCHER-KVA.de", name: "x", ftpPath: "/", password: "Secret-123" }).serviceName).to.equal("bücher.de");
    const idn = subdomainInputs.parse({ serviceName: "Bücher.DE.", name: "Blog", ftpPath: "/b" });
    expect(idn).to.include({ serviceName: "bücher.de", name: "blog.xn--bcher-kva.de" });
    // Sent relative under an IDN zone (the API would append its Unicode zone to a full ASCII name), full otherwise.
    expect(subdomainParams(idn).name).to.equal("blog");
    expect(subdomainParams({ serviceName: "example.com", name: "blog.example.com", ftpPath: "/b" }).name).to.equal("blog.example.com");
  });

  it("defaults externalAccess to false and refuses strings", () => {
    expect(databaseDefinition.inputs.parse({ serviceName: "example.com", password: "Secret-123" })).to.include({ externalAccess: false });
    expect(databaseDefinition.inputs.safeParse({ serviceName: "example.com", password: "Secret-123", externalAccess: "yes" }).success).to.equal(false);
  });

  it("requires all four ssl members and PEM text", () => {
    const r = subdomainInputs.safeParse({ serviceName: "example.com", name: "blog", ftpPath: "/blog", ssl: { sslCert: "not pem", sslPath: "/ssl" } });
    const paths = r.error!.issues.map((i) => i.path.join("."));
    expect(paths).to.include.members(["ssl.sslCert", "ssl.sslKey", "ssl.sslCertChain"]);
  });

  it("reports failures under secret inputs without a property, so the engine prints no value", async () => {
    const res = await subdomainCheck(
      {},
      { serviceName: "example.com", name: "blog", ftpPath: "/blog", ssl: { sslCert: "x", sslKey: "y", sslCertChain: "z", sslPath: "/s" } },
    );
    expect(res.failures!.every((f) => f.property === "")).to.equal(true);
    expect(res.failures!.map((f) => f.reason)).to.include("ssl.sslKey: must be a PEM private key (-----BEGIN ...----- block)");
    const db = await defineProvider(databaseDefinition).check({}, { serviceName: "example.com", password: "short" });
    expect(db.failures).to.deep.equal([{ property: "", reason: "password: must be 8 to 64 printable ASCII characters without spaces (value not shown)" }]);
  });
});

describe("FtpAccount/Database/Subdomain mapping", () => {
  it("reads a database item; finds the one an ambiguous create made", () => {
    const item = { entityID: "SRV1-2", name: "db1_2", user: "db1_2", password: "Secret-123", externalAccess: true };
    expect(databaseStateFromItem("example.com", item)).to.deep.equal({
      serviceName: "example.com",
      entityId: "SRV1-2",
      name: "db1_2",
      user: "db1_2",
      password: "Secret-123",
      externalAccess: true,
    });
    const want = { serviceName: "example.com", password: "Secret-123", externalAccess: true };
    expect(createdDatabase(new Set(["SRV1-1"]), [{ ...item, entityID: "SRV1-1" }, item], want)).to.equal(item);
    expect(createdDatabase(new Set(["SRV1-2"]), [item], want)).to.equal(undefined);
    expect(createdDatabase(new Set(), [item, { ...item, entityID: "SRV1-3" }], want)).to.equal("ambiguous");
  });

  it("reads a subdomain's certificate only while it is managed", () => {
    const ssl = { sslCert: "C\r\n", sslKey: "K", sslCertChain: ["A", "B"], sslPath: "/s", ftpPath: "/x" };
    expect(sslFromApi(ssl)).to.deep.equal({ sslCert: "C", sslKey: "K", sslCertChain: "A\nB", sslPath: "/s" });
    const item = { entityID: "SRV1-4", name: "blog.example.com", ftpPath: "/x", ssl };
    const unmanaged = subdomainStateFromItem("example.com", item, {});
    expect(unmanaged).to.not.have.property("ssl");
    expect(unmanaged.sslInstalled).to.equal(true);
    const managed = subdomainStateFromItem("example.com", item, { ssl: {} });
    expect(managed.ssl).to.deep.equal(sslFromApi(ssl));
    expect(
      subdomainNeedsUpdate(managed, { serviceName: "example.com", name: "blog.example.com", ftpPath: "/x", ssl: { ...managed.ssl!, sslKey: "K2" } }),
    ).to.equal(true);
    expect(subdomainNeedsUpdate(unmanaged, { serviceName: "example.com", name: "blog.example.com", ftpPath: "/x" })).to.equal(false);
  });
});
