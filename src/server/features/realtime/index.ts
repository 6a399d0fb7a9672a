/**
 * The realtime feature's public surface (scripts/check-feature-boundaries.mjs refuses any other
 * way in): none. It only answers the signed-in browser's WebSocket (/ws), passing on what the
 * other features publish on the platform's event bus; they never call it.
 */
export {};
