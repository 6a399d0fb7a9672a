import { type ReactNode, Suspense, useState } from 'react';

/**
 * Hydration in slices. A prerendered page is hydrated by src/web/main.tsx; hydrating all of it in
 * one go is one long task (a phone's main thread blocked for hundreds of milliseconds, Lighthouse's
 * Total Blocking Time). Wrapped in `HydrateLater`, a part of the page keeps its prerendered HTML
 * during that first pass and is hydrated in a task of its own right after, one part per task, in
 * page order: the browser can paint and answer input between the parts.
 *
 * How: during the first pass the part suspends (Preact keeps the server's DOM node of a component
 * that suspends while hydrating, and hydrates it when its promise settles). Outside the first
 * pass (a client-side navigation, a page rendered afresh) it renders its children at once.
 *
 * The children must render exactly one element (a `<section>`, a `<footer>`): Preact keeps one
 * node for a suspended component.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (firstPass ? nextTurn() : null));
  // the same components in every case, so that the ids React derives from the tree (useId) are the
  // prerendered ones
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

function WaitForTurn({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  if (turn && !turn.done) throw turn.promise;
  return <>{children}</>;
}

let firstPass = false;
let queue: Promise<void> = Promise.resolve();

/** Each turn comes in a task of its own, after the previous turn's. */
function nextTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = queue = queue.then(nextTask).then(() => {
    turn.done = true;
  });
  return turn;
}

/** A new task (a message to itself: no timer clamping or throttling), so the browser paints between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Settles once every part put off by the first pass is hydrated (at once if none was). */
export function laterPartsHydrated(): Promise<void> {
  return queue;
}

/** Runs `hydrate` (synchronous, as Preact's hydration is) as the first pass. */
export function asFirstPass(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
}
