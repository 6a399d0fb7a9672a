import type { ToastActionElement, ToastProps } from '@web/components/ui/toast';
import * as React from 'react';

/** Only one notice is shown at a time. */
export const TOAST_LIMIT = 1;
/** How long a dismissed notice stays in memory before it is removed (as the spec states). */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Default display duration of a notice, in ms (set on the Radix provider). */
export const TOAST_DURATION = 5000;

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string): void {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  toastTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) {
        addToRemoveQueue(toastId);
      } else {
        for (const t of state.toasts) addToRemoveQueue(t.id);
      }
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          t.id === toastId || toastId === undefined ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

export type Toast = Omit<ToasterToast, 'id'>;

/** Shows a notice; returns handles to update or dismiss it. */
export function toast(props: Toast) {
  const id = genId();
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

/** Where a notice waits across a full-page navigation (see carryToast). */
const CARRIED_KEY = 'rl:carried-notice';

/** A carried notice older than this is stale (the navigation never happened): not shown. */
const CARRY_MAX_AGE_MS = 30_000;

/**
 * Keeps a notice for the next page, when the app leaves itself (a full-page navigation to
 * /api/login): the page opened next shows it again (showCarriedToast), so a notice followed by a
 * redirect after 500 ms (spec 2 §8) can still be read. Text only.
 */
export function carryToast(props: Toast): void {
  if (typeof props.title !== 'string') return;
  const carried = {
    title: props.title,
    ...(typeof props.description === 'string' ? { description: props.description } : {}),
    ...(props.variant === 'destructive' ? { variant: 'destructive' } : {}),
    at: Date.now(),
  };
  try {
    window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify(carried));
  } catch {
    // storage refused (private mode, quota): the notice was only shown on the page before
  }
}

/** Shows, once, a notice carried from the page before (carryToast); called when the notices mount. Answers what it showed. */
export function showCarriedToast(): Toast | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(CARRIED_KEY);
    window.sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const carried = JSON.parse(raw) as {
      title?: unknown;
      description?: unknown;
      variant?: unknown;
      at?: unknown;
    };
    if (typeof carried.title !== 'string') return null;
    if (typeof carried.at !== 'number' || Math.abs(Date.now() - carried.at) > CARRY_MAX_AGE_MS) return null;
    const notice: Toast = {
      title: carried.title,
      ...(typeof carried.description === 'string' ? { description: carried.description } : {}),
      ...(carried.variant === 'destructive' ? { variant: 'destructive' as const } : {}),
    };
    toast(notice);
    return notice;
  } catch {
    return null; // not ours: ignored
  }
}

export function useToast() {
  const [state, setState] = React.useState<State>(memoryState);
  React.useEffect(() => {
    listeners.push(setState);
    // a notice raised by an effect that ran before this one (a page rendered in the same pass) is shown too
    setState(memoryState);
    return () => {
      const index = listeners.indexOf(setState);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}
