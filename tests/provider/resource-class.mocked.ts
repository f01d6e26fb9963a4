/**
 * Run by resource-class.test.ts in a child process (Pulumi's mocks are process-wide): constructs
 * every resource class of the installed package against a mock monitor and prints, per class, what
 * was registered (type token, secret inputs, additionalSecretOutputs) and what each output resolved
 * to. The mock answers every output name the parent asks about with "mock:<name>".
 */
import * as pulumi from "@pulumi/pulumi";
import { loadInstalled } from "../harness/engine";

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const asked: Record<string, string[]> = JSON.parse(process.env.RESOURCE_CLASS_OUTPUTS ?? "{}");

interface Registered {
  type: string;
  secretInputs: string[];
  additionalSecretOutputs: string[];
}

async function main() {
  const registered = new Map<string, Registered>();
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({
        id: `${args.name}-id`,
        state: { ...args.inputs, ...Object.fromEntries((asked[args.name] ?? []).map((k) => [k, `mock:${k}`])) },
      }),
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  const monitor = pulumi.runtime.getMonitor() as any;
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req: any, callback: any) => {
    const object = req.getObject().toJavaScript() as Record<string, any>;
    registered.set(req.getName(), {
      type: req.getType(),
      secretInputs: Object.keys(object).filter((k) => object[k]?.[SECRET_SIG] !== undefined),
      additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
    });
    return register(req, callback);
  };

  const pkg = loadInstalled();
  const contact = "ABC-12345";
  const construct: Record<string, () => pulumi.dynamic.Resource> = {
    Contact: () => new pkg.Contact("Contact", { contactId: contact }),
    Domain: () => new pkg.Domain("Domain", { name: "example.com", registration: "transfer", authcode: "plain-authcode", contacts: { owner: contact } }),
    HostingService: () => new pkg.HostingService("HostingService", { name: "example.com", productKey: "basic" }),
    DnsRecord: () => new pkg.DnsRecord("DnsRecord", { serviceName: "example.com", name: "www", type: "A", value: "192.0.2.1" }),
    GlueRecord: () => new pkg.GlueRecord("GlueRecord", { domain: "example.com", name: "ns1", ipv4: "192.0.2.53" }),
    DnssecKey: () => new pkg.DnssecKey("DnssecKey", { domain: "example.com", keytag: 1, algorithm: 13, digesttype: 2, digest: "AB" }),
    SslCertificate: () => new pkg.SslCertificate("SslCertificate", { productId: 1, csr: "csr", privateKey: "plain-key", adminContact: contact }),
    FtpAccount: () => new pkg.FtpAccount("FtpAccount", { serviceName: "example.com", name: "web", ftpPath: "/", password: "plain-password" }),
    Database: () => new pkg.Database("Database", { serviceName: "example.com", password: "plain-password" }),
    Subdomain: () =>
      new pkg.Subdomain("Subdomain", {
        serviceName: "example.com",
        name: "blog",
        ftpPath: "/blog",
        ssl: { sslCert: "c", sslKey: "k", sslCertChain: "ch", sslPath: "/" },
      }),
    MailBox: () => new pkg.MailBox("MailBox", { serviceName: "example.com", name: "info", password: "plain-password" }),
    MailAlias: () => new pkg.MailAlias("MailAlias", { serviceName: "example.com", name: "sales", targets: ["a@example.org"] }),
    Redirect: () => new pkg.Redirect("Redirect", { serviceName: "example.com", origin: "blog", destination: "https://example.org", type: "301" }),
  };

  const report: Record<string, unknown> = {};
  for (const [cls, make] of Object.entries(construct)) {
    const r = make() as any;
    const outputs: Record<string, unknown> = {};
    for (const k of asked[cls] ?? []) outputs[k] = pulumi.Output.isInstance(r[k]) ? await (r[k] as any).promise() : `not an Output: ${typeof r[k]}`;
    report[cls] = {
      constructorName: r.constructor.name,
      instanceOfClass: r instanceof pkg[cls],
      instanceOfDynamicResource: r instanceof pulumi.dynamic.Resource,
      isCustomResource: pulumi.CustomResource.isInstance(r),
      id: await (r.id as any).promise(),
      outputs,
    };
  }
  // Registration happens asynchronously after construction; every resource is registered by now
  // (its id resolved above).
  for (const [name, reg] of registered) (report[name] as Record<string, unknown>).registered = reg;
  process.stdout.write(JSON.stringify(report));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
