/** Business constants and limits of the product spec (§9). Times in milliseconds. */
export const CONVERSATION_PAGE_SIZE = 25;
export const MESSAGE_PAGE_SIZE = 20;
export const INBOX_RETAINED_ITEMS = 250;
export const INBOXES_REMEMBERED = 3;
export const MATCH_BATCH_DELAY_MS = 150;
export const STREAMED_REQUEST_TIMEOUT_MS = 30_000;
/**
 * The spec's hold of a non-chat reply (§4), in seconds: the default of the server's setting
 * REPLY_HOLD_S, and the hold a device uses until it has heard the server's (READY).
 */
export const PENDING_MESSAGE_DELAY_S = 10;
/** The whole seconds REPLY_HOLD_S may be set to. */
export const REPLY_HOLD_MIN_S = 1;
export const REPLY_HOLD_MAX_S = 60;
export const CHAT_MESSAGE_DELAY_S = 0;
/**
 * A held reply whose device asked to confirm it (`awaits_release`) goes out when that device
 * releases it at the end of its delay, or this long after, if the device is not heard from.
 */
export const RELEASE_GRACE_S = 60;
export const REMOVAL_ANIMATION_MS = 1_000;
export const NEW_ITEM_HIGHLIGHT_MS = 600;
export const STATISTICS_RERUN_MS = 500;
export const CONTACT_LIVE_GRACE_MS = 2_000;
export const ONBOARDING_TOTAL_STEPS = 7;
export const FREQUENT_EMOJI_DEFAULTS = 12;
export const COOKIE_EXPIRY_DAYS = 30;
export const TOAST_MAX = 20;
export const TOAST_DURATION_MS = 5_000;
export const RELATIVE_TIME_MAX_DAYS = 31;
export const MODAL_ANIMATION_MS = 550;
export const PING_AFTER_SILENCE_MS = 10_000;
export const PING_TIMEOUT_MS = 30_000;
export const RECONNECT_STEP_MS = 500;
export const RECONNECT_CAP_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Account security limits (not in the spec; chosen for this product). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
export const RESET_TOKEN_TTL_MS = 3600_000;
export const LOGIN_TOKEN_TTL_MS = 15 * 60_000;
export const VALIDATE_TOKEN_TTL_MS = 7 * 24 * 3600_000;
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
export const LOGIN_WINDOW_MS = 60_000;
/**
 * Wrong passwords for one account from one source (client IP) without a trusted device, per
 * LOGIN_WINDOW_MS: the guesser is slowed, not the account.
 */
export const LOGIN_MAX_FAILURES_PER_SOURCE = 5;
/**
 * Wrong passwords for one account from all sources without a trusted device together, per
 * LOGIN_WINDOW_MS: bounds a guesser spread over many addresses (five or more); a trusted device
 * is never held by it.
 */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 25;
export const LOGIN_MAX_ATTEMPTS_PER_IP = 20;
/**
 * Wrong passwords per trusted device (one that signed in to the account before and holds its
 * device cookie) per LOGIN_WINDOW_MS; such a device is held by no other login limit but its
 * address's attempts (LOGIN_MAX_ATTEMPTS_PER_IP).
 */
export const LOGIN_MAX_FAILURES_PER_DEVICE = 5;
/** How long a device stays trusted after its last sign-in (the spec's cookie expiry, §9). */
export const DEVICE_TRUST_TTL_MS = COOKIE_EXPIRY_DAYS * 24 * 3600_000;
export const TRIAL_DAYS = 14;
/** Lost-password, sign-in-link and resend-validation requests per IP per LOGIN_WINDOW_MS. */
export const EMAIL_LINK_MAX_REQUESTS_PER_IP = 10;
