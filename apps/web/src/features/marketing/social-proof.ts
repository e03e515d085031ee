/**
 * The smallest real figures worth showing: "1 joined in the last hour" or "1 registered user" reads as
 * an empty room, so below these the page says something true without a number (never an invented one).
 * A module of its own, without imports, so the browser tests read the same thresholds.
 */
export const SOCIAL_PROOF_MIN = { joinedLastHour: 5, registeredUsers: 100 } as const;
