/** HostingService <-> API shapes (pure). */
import type { HostingInputs, HostingState } from "./schema";

export interface LiveService {
  status: Record<string, any>;
  php?: Record<string, any>;
  parking?: Record<string, any>;
}

export function serviceStateFromApi(live: LiveService, inputs: HostingInputs): HostingState {
  const s = live.status;
  const state: HostingState = {
    ...inputs,
    name: String(s.name ?? inputs.name).toLowerCase(),
    productKey: String(s.productkey ?? inputs.productKey) as HostingInputs["productKey"],
    type: String(s.type ?? ""),
    status: String(s.status),
    tsCreate: s.tsCreate || undefined,
    tsExpir: s.tsExpir || undefined,
    renewable: s.renewable,
    renewalMode: (s.renewalMode || undefined) as HostingInputs["renewalMode"],
  };
  delete state.phpVersion;
  delete state.parking;
  if (live.php) state.phpVersion = String(live.php.php?.version ?? live.php.version ?? "");
  if (live.parking) state.parking = live.parking.parking?.enabled === true;
  return state;
}

/** The in-place changes to make, in order (the upgrade first: it may enable PHP). */
export function serviceChanges(desired: HostingInputs, state: HostingState): string[] {
  const out: string[] = [];
  if (desired.productKey !== state.productKey) out.push("productKey");
  if (desired.renewalMode !== undefined && desired.renewalMode !== state.renewalMode) out.push("renewalMode");
  if (desired.phpVersion !== undefined && desired.phpVersion !== state.phpVersion) out.push("phpVersion");
  if (desired.parking !== undefined && desired.parking !== state.parking) out.push("parking");
  return out;
}
