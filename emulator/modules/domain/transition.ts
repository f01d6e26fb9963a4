/**
 * Registrations and transfers moved on request (control API domain/transition), moto's state
 * manager's third way besides "at once" and "after time". A request moves a domain along an edge of
 * the machines of lifecycle.ts and transfer.ts, with the same effects as the timed move (dates,
 * history, the losing side's record), restarts the new status's timer, and with `hold` stops the
 * timers until the next request. Any other move is refused, naming the allowed ones.
 */
import type { TickContext } from "../../core/context";
import type { AccountState, World } from "../../core/state";
import { cancelRegistration, completeRegistration } from "./lifecycle";
import { type DomainRecord, type DomainStatus, domSum, setStatus } from "./model";
import { cancelTransfer, completeTransfer, enterPending, PENDING_TRANSFER_STATUSES, type PendingTransferStatus } from "./transfer";

/** Statuses a domain may be moved to on request, by its current status (itself: a new timer, or a hold). */
export const MOVES: Readonly<Record<string, readonly DomainStatus[]>> = {
  "register-init": ["register-init", "register-pending", "active", "register-cancel"],
  "register-pending": ["register-pending", "active", "register-cancel"],
  "transfer-init": ["transfer-init", "transfer-pending", "active", "transfer-cancel"],
  "transfer-pending": ["transfer-pending", "active", "transfer-cancel"],
};

/** The status a transferStatus belongs to, for a request that names only the transferStatus. */
const STATUS_OF_TRANSFER: Record<string, DomainStatus> = {
  init: "transfer-init",
  ...Object.fromEntries(PENDING_TRANSFER_STATUSES.map((s) => [s, "transfer-pending" as const])),
  cancelled: "transfer-cancel",
  completed: "active",
};

export interface TransitionRequest {
  status?: string;
  transferStatus?: string;
  hold?: boolean;
}

/** The domain's state as the control API shows it after a move. */
export interface TransitionResult {
  domain: ReturnType<typeof domSum>;
  transferStatus: string;
  held: boolean;
}

/** Moves `d` now as asked; a string is the reason the move is refused (nothing changed then). */
export function transition(
  world: World,
  account: AccountState,
  d: DomainRecord,
  req: TransitionRequest,
  at: number,
  ctx: TickContext,
): TransitionResult | string {
  const allowed = MOVES[d.status];
  if (!allowed) return `${d.name} is ${d.status}: only a registration or transfer in progress (${Object.keys(MOVES).join(", ")}) moves on request`;
  const ts = req.transferStatus;
  if (ts !== undefined && !Object.hasOwn(STATUS_OF_TRANSFER, ts))
    return `transferStatus must be one of ${Object.keys(STATUS_OF_TRANSFER).join(", ")} (spec "States and transitions")`;
  const status = (req.status ?? (ts !== undefined ? STATUS_OF_TRANSFER[ts] : undefined)) as DomainStatus | undefined;
  if (status === undefined) return "send status (and transferStatus for transfer-pending)";
  if (!allowed.includes(status)) return `${d.name} is ${d.status}: it can move to ${allowed.join(", ")} on request, not ${status}`;
  const transfer = d.status.startsWith("transfer-");
  if (ts !== undefined && (!transfer || STATUS_OF_TRANSFER[ts] !== status))
    return `transferStatus ${ts} does not go with status ${status}${transfer ? "" : ` (${d.name} is a registration)`}`;
  if (req.hold === true && !MOVES[status]) return `hold applies to a registration or transfer in progress, not to ${status} (nothing would release it)`;
  if (status === "transfer-pending" && ts === undefined && d.status !== "transfer-pending")
    return `send transferStatus for transfer-pending: one of ${PENDING_TRANSFER_STATUSES.join(", ")}`;

  const why = "Moved on request (emulator control API)";
  if (status === d.status && (ts === undefined || ts === d.transferStatus)) setStatus(d, status, at);
  else if (status === "register-pending") setStatus(d, status, at);
  else if (status === "register-cancel") cancelRegistration(d, at, why);
  else if (status === "transfer-pending") enterPending(d, (ts ?? d.transferStatus) as PendingTransferStatus, at);
  else if (status === "transfer-cancel") cancelTransfer(d, at, why);
  else if (status === "active" && transfer) completeTransfer(world, account, d, at, ctx);
  else if (status === "active") completeRegistration(d, at);
  if (req.hold === true) d.held = true;
  else delete d.held;
  return { domain: domSum(d), transferStatus: d.transferStatus, held: d.held === true };
}
