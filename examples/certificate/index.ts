/**
 * Certificate: an SSL certificate for a key made on this machine, its DNS validation records
 * published from the order's outputs, and the issued certificate installed on a subdomain.
 *
 * The private key and the CSR are made locally (openssl, README.md) and given as stack config, the
 * key as a secret. The order sends only the CSR: `privateKey` is not passed to SslCertificate, so
 * the key never goes to the certificate order; it goes only to the subdomain that serves it.
 *
 * One `pulumi up`: the order returns once placed (`waitFor: "validation"`), the validation record is
 * made from its outputs, and SslCertificateValidation (created after the record) waits until the CA
 * has issued the certificate; the subdomain installs the issued files from the validation's outputs.
 *
 * This file is a normal Pulumi program and the same file is applied by the test suite as an inline
 * program, which is why the program is the exported function.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecord, HostingService, SslCertificate, SslCertificateValidation, Subdomain } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config("certificate");
  const domain = config.get("domain") ?? "dondominio-certificate.com";
  const host = config.get("host") ?? "www";
  // `openssl req -new -newkey rsa:2048 -nodes -subj "/CN=www.<domain>" -keyout www.key -out www.csr`
  const csr = config.require("csr");
  const privateKey = config.requireSecret("privateKey");

  // The hosting service brings the DNS zone the validation records go to and the subdomain's web space.
  const hosting = new HostingService("hosting", { name: domain, productKey: "basic", phpVersion: "8.3" });

  // The order spends balance (productId 101: a single-name DV certificate; ssl/productlist lists them).
  const cert = new SslCertificate("cert", {
    productId: 101,
    csr,
    validationMethod: "dns",
    // Create returns once the order is placed: the record below can only be made after it, and
    // the validation below does the waiting.
    waitFor: "validation",
    // A contact id of the account, or the contact's data (the API creates it with the order).
    adminContact: config.get("adminContact") ?? {
      contactType: "individual",
      firstName: "Ada",
      lastName: "Lovelace",
      identNumber: "12345678Z",
      email: "ada@example.com",
      phone: "+34.931234567",
      address: "Carrer de Mallorca 1",
      postalCode: "08001",
      city: "Barcelona",
      state: "Barcelona",
      country: "ES",
    },
  });

  // The CNAME the CA asks for, read from the order (validationRecords: one per name, common name first).
  const dcv = cert.validationRecords.apply((records) => records[0] ?? { name: "_dcv-none", type: "TXT" as const, value: "validated before it was read" });
  const validation = new DnsRecord("dcv", { serviceName: hosting.name, name: dcv.name, type: dcv.type, value: dcv.value });

  // Waits (reading only, up to customTimeouts.create: 20 min by default) until the CA has seen the
  // record and issued the certificate. The record's id is passed only so the record comes first.
  const issued = new SslCertificateValidation("issued", { certificateId: cert.certificateId, validationRecordIds: [validation.id] });

  // The issued certificate from the validation's outputs (no private key there: the key is ours).
  const ssl = pulumi
    .all([issued.certificate, issued.certificateChain, privateKey])
    .apply(([pem, chain, key]) => ({ sslCert: pem ?? "", sslCertChain: (chain ?? []).join("\n"), sslKey: key, sslPath: `/ssl/${host}` }));
  const site = new Subdomain("site", { serviceName: hosting.name, name: host, ftpPath: `/${host}`, ssl });

  return {
    certificateId: cert.certificateId,
    commonName: cert.commonName,
    status: issued.status,
    expires: issued.tsExpir.apply((t) => t ?? ""),
    validationRecord: validation.id,
    subdomain: site.name,
    sslInstalled: site.sslInstalled,
    // PEM: the certificate and its chain are public; the bundle holds the key, so it is a secret.
    certificate: issued.certificate.apply((c) => c ?? ""),
    certificateChain: issued.certificateChain.apply((c) => (c ?? []).join("\n")),
    bundle: pulumi.secret(
      pulumi.all([privateKey, issued.certificate, issued.certificateChain]).apply(([k, c, chain]) => [k, c ?? "", ...(chain ?? [])].join("")),
    ),
  };
};
