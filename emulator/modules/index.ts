/**
 * Every module's handlers and tickers, handed to the dispatcher (DispatchEnv.modules); the router
 * looks handlers up by the catalogue's names. Importing this also registers each module's members of
 * AccountState (core/state.ts registerAccountSlice).
 */
import type { EmulatorModules } from "../core/context";
import { handlers as account } from "./account/handlers";
import { handlers as contact } from "./contact/handlers";
import { contactVerificationTicker } from "./contact/model";
import { handlers as domain } from "./domain/handlers";
import { domainTicker } from "./domain/lifecycle";
import { handlers as service } from "./service/handlers";
import { serviceTicker } from "./service/model";
import { handlers as ssl } from "./ssl/handlers";
import { sslTicker } from "./ssl/validation";
import { handlers as tool } from "./tool/handlers";

export const modules: EmulatorModules = {
  handlers: { tool, account, contact, domain, service, ssl },
  /** Time-driven transitions (register-pending -> active, expiry, SSL validation, ...). */
  tickers: [serviceTicker, contactVerificationTicker, domainTicker, sslTicker],
};
