/** What a handler throws to answer with an API error envelope (code table: sdk/core/error-codes.ts). */
import { errorCodeMsg } from "../../sdk/core/error-codes";

export class ApiFault extends Error {
  readonly code: number;
  readonly messages: string[];
  constructor(code: number, ...messages: string[]) {
    super(messages[0] ?? errorCodeMsg(code));
    this.code = code;
    this.messages = messages.length ? messages : [errorCodeMsg(code)];
  }
}

/** Shorthand: `throw fault(ErrorCode.DOMAIN_NOT_FOUND, "Domain example.com not found")`. */
export function fault(code: number, ...messages: string[]): ApiFault {
  return new ApiFault(code, ...messages);
}
