/**
 * What a person typed, ticked or chose on a prerendered page before React took it over.
 *
 * A prerendered page shows real form controls before its JavaScript runs. React keeps what is in
 * them when it hydrates, but its state still holds the prerendered values: the ZIP shown in the
 * box is not the ZIP the page computes with, and the next render may wipe it. So, just before
 * hydrating, {@link captureEarlyInput} notes every control whose value differs from its
 * prerendered one; once React owns the page, {@link EarlyInput.replay} plays each change again as
 * the browser event React listens to, so the page's own handlers take it in.
 */

type Change =
  | { el: HTMLInputElement | HTMLTextAreaElement; kind: 'text'; value: string; before: string }
  | { el: HTMLInputElement; kind: 'check'; checked: boolean }
  | { el: HTMLSelectElement; kind: 'select'; value: string };

export interface EarlyInput {
  /** How many controls were changed before hydration. */
  readonly count: number;
  /** Plays the changes again; call once React has hydrated the page. */
  replay(): void;
}

const nativeValueSetter = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set,
};

/** The value the HTML gave the select: its selected option, else its first option that can be chosen. */
function prerenderedSelectValue(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  return (options.find((o) => o.defaultSelected) ?? options.find((o) => !o.disabled))?.value ?? '';
}

function changesIn(root: ParentNode): Change[] {
  const changes: Change[] = [];
  for (const el of root.querySelectorAll('input, textarea, select')) {
    if (el instanceof HTMLSelectElement) {
      if (el.value !== prerenderedSelectValue(el)) changes.push({ el, kind: 'select', value: el.value });
    } else if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.checked !== el.defaultChecked) changes.push({ el, kind: 'check', checked: el.checked });
    } else if (el instanceof HTMLInputElement && el.type === 'radio') {
      // the radio chosen; the one it unchecked follows from it
      if (el.checked && !el.defaultChecked) changes.push({ el, kind: 'check', checked: true });
    } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      if (el.type === 'file' || el.type === 'hidden') continue;
      if (el.value !== el.defaultValue) {
        changes.push({ el, kind: 'text', value: el.value, before: el.defaultValue });
      }
    }
  }
  return changes;
}

/** The element itself, or the one with its id when the page was rendered afresh instead of hydrated. */
function current<E extends Element>(el: E): E | null {
  if (el.isConnected) return el;
  const again = el.id ? document.getElementById(el.id) : null;
  return again instanceof el.constructor && again.tagName === el.tagName ? (again as unknown as E) : null;
}

/**
 * React notices a change by comparing the element's value with the one it last saw, so the
 * value React sees is set back first (through the element's own property, which React watches),
 * then the typed value goes in through the prototype's setter, then the event is sent.
 */
function replayChange(change: Change): void {
  if (change.kind === 'text') {
    const el = current(change.el);
    if (!el || el.disabled) return;
    const setter = el instanceof HTMLTextAreaElement ? nativeValueSetter.textarea : nativeValueSetter.input;
    el.value = change.before;
    setter?.call(el, change.value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (change.kind === 'check') {
    const el = current(change.el);
    if (!el || el.disabled) return;
    if (el.checked === change.checked && el.checked === el.defaultChecked) return;
    el.checked = !change.checked;
    el.click();
  } else {
    const el = current(change.el);
    if (!el || el.disabled) return;
    el.value = change.value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

export function captureEarlyInput(root: ParentNode): EarlyInput {
  const changes = changesIn(root);
  let replayed = false;
  return {
    count: changes.length,
    replay: () => {
      if (replayed) return;
      replayed = true;
      for (const change of changes) replayChange(change);
    },
  };
}
