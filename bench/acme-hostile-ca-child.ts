/**
 * The child of bench/acme-hostile-ca.ts: one AcmeCertificate issue against the CA at argv[2] (its
 * TLS CA's PEM file at argv[3]), reporting its own memory every 500 ms as JSON lines on stdout, and
 * the outcome at the end. No DonDominio API is needed: the cases fail before any DNS work.
 */
import { readFileSync } from "node:fs";
import { issue } from "../provider/resources/acme-certificate/issue";
import type { AcmeInputs } from "../provider/resources/acme-certificate/schema";

const [directoryUrl, caFile] = process.argv.slice(2);
const mib = () => Math.round(process.memoryUsage().rss / 1048576);
const started = Date.now();
setInterval(() => console.log(JSON.stringify({ t: Date.now() - started, rssMiB: mib() })), 500).unref();
const inputs = { names: ["example.com"], directoryUrl, directoryCaCert: readFileSync(caFile, "utf8"), propagationTimeoutSeconds: 0 } as unknown as AcmeInputs;
issue(undefined as never, inputs, undefined, "bench")
  .then(
    () => console.log(JSON.stringify({ t: Date.now() - started, rssMiB: mib(), outcome: "issued" })),
    (e: Error) => console.log(JSON.stringify({ t: Date.now() - started, rssMiB: mib(), outcome: String(e.message).slice(0, 300) })),
  )
  .finally(() => process.exit(0));
