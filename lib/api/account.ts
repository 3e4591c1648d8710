/** Who the page is rendered for, as the sidebar and the account page show it. */
export type Viewer = { kind: "account"; email: string; name: string } | { kind: "guest" } | { kind: "nobody" };

/** A guest's work in this browser that signing in would leave apart, or that can move in. */
export type GuestWork = { threads: number; routines: number };

/** GET /api/account/guest-work */
export type GuestWorkResponse = { guestWork: GuestWork | null };

/** POST /api/account/guest-work/move: what moved into the account. */
export type MoveGuestWorkResponse = { moved: GuestWork };
