/**
 * When Preact runs `useEffect` callbacks in the browser (the app is built on preact/compat:
 * vite.config.ts).
 *
 * Preact runs them after the next frame (requestAnimationFrame, then a timeout); React runs them
 * soon after the commit and, before it handles a click or a key, runs any still pending. On a busy
 * machine a frame can take a while, and a click in that gap was undone or lost: the header's
 * effect that closes the menu on each page ran after the click that opened it, and a notice raised
 * before the notices' effect subscribed to them was never shown. Here the effects of a render run
 * in a microtask right after it, so they have all run before the browser handles the next event.
 */
import { options } from 'preact';

options.requestAnimationFrame = (callback) => queueMicrotask(callback);
