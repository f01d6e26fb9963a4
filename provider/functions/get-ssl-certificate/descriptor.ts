/** getSslCertificate: one certificate of the account (ssl/getinfo), as a function descriptor (provider/core/function.ts). */
import { defineFunction, missing } from "../../core/function";
import { isoDate } from "../values";
import { argDocs, resultDocs } from "./field-docs";
import { getSslCertificateArgs, getSslCertificateResult } from "./schema";

export const getSslCertificateDescriptor = defineFunction({
  name: "getSslCertificate",
  folder: "get-ssl-certificate",
  description:
    "One SSL certificate of the account by its id: names, status, dates and, once issued, the certificate and its chain (PEM; never a private key). Fails naming the certificate when the account has no such certificate.",
  args: getSslCertificateArgs,
  result: getSslCertificateResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `ssl/getinfo` (status); a second (ssldata) once the certificate is valid",
  example: {
    typescript: `const cert = await getSslCertificate({ certificateId: 1001 });
return { status: cert.status, pem: cert.certificate };`,
    yaml: { variable: "cert", arguments: { certificateId: 1001 } },
  },
  async run(api, { certificateId }) {
    const what = `SSL certificate ${certificateId}`;
    const s = await missing(what, "ssl/getinfo", api.call("ssl/getinfo", { certificateID: certificateId, infoType: "status" }));
    // The files exist once issued; the answer's sslKey (when the API made the key) is left out: a
    // private key is the program's own, never a read function's output.
    const files =
      s.status === "valid" ? await missing(what, "ssl/getinfo", api.call("ssl/getinfo", { certificateID: certificateId, infoType: "ssldata" })) : undefined;
    return {
      certificateId: s.certificateID,
      commonName: s.commonName,
      status: s.status,
      renewable: s.renewable,
      productId: s.productID,
      tsCreate: isoDate(s.tsCreate),
      tsExpir: isoDate(s.tsExpir),
      tsSubscriptionEnds: isoDate(s.tsSubscriptionEnds),
      alternativeNames: s.alternativeNames,
      certificate: files?.sslCert || undefined,
      certificateChain: files?.sslCertChain,
    };
  },
});
