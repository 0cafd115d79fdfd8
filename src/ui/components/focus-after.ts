import { useCallback, useEffect, useRef, useState } from 'react';

/** Something to focus, looked up only when it is time (the page may have changed meanwhile). */
export type FocusTarget = () => HTMLElement | null | undefined;

const CONTROL =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Whether keyboard focus has fallen off the page's controls, onto <body> or nowhere. */
export const focusLost = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

/** Focuses `element`; one that cannot take focus (a heading) is given tabindex="-1" first. */
export function focusOn(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus();
}

/**
 * The first control of the list's row at `index` — which, once the row there has gone, is the
 * next row — or, when that row and those after it have none, of the nearest row before it.
 */
export function rowControl(list: Element | null | undefined, index: number): HTMLElement | null {
  if (!list) return null;
  const rows = [...list.children];
  for (const row of [...rows.slice(index), ...rows.slice(0, index).reverse()]) {
    const control = row.querySelector<HTMLElement>(CONTROL);
    if (control) return control;
  }
  return null;
}

/**
 * For an action that can take away the control that started it (a row removed, a button that
 * is no longer offered): `after(action, ...targets)` waits until the action has settled and React
 * has drawn what it changed, then focuses the first target on the page — only if focus was lost
 * meanwhile, so a member who has moved on keeps their place.
 */
export function useFocusAfter(): (action: Promise<unknown>, ...targets: FocusTarget[]) => void {
  const wanted = useRef<FocusTarget[]>([]);
  const [settled, setSettled] = useState(0);

  useEffect(() => {
    const targets = wanted.current;
    wanted.current = [];
    if (targets.length === 0 || !focusLost()) return;
    for (const target of targets) {
      const element = target();
      if (element?.isConnected) return focusOn(element);
    }
  }, [settled]);

  return useCallback((action, ...targets) => {
    void action.finally(() => {
      wanted.current = targets;
      setSettled((count) => count + 1);
    });
  }, []);
}

/**
 * Focus for a control shown in place of another while `replaced` (an inline form instead of
 * the button that opened it): when it ends and focus went with the form, focus returns to
 * `target` (the opener, shown again).
 */
export function useFocusWhenEnded(replaced: boolean, target: FocusTarget): void {
  const was = useRef(replaced);
  useEffect(() => {
    const ended = was.current && !replaced;
    was.current = replaced;
    if (!ended || !focusLost()) return;
    const element = target();
    if (element?.isConnected) focusOn(element);
  });
}
