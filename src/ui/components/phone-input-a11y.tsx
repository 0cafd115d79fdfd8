import { useEffect, useRef, type ReactNode } from 'react';

/**
 * react-phone-input-2 renders its country list as an unnamed role="listbox": this names it (and
 * its flag button's popup) once it appears, so the open list passes axe. It watches only its own
 * children and changes attributes only, never the nodes React owns. When the list closes while it
 * held the focus (a country picked with Enter, or Escape), the library lets the focus fall to
 * <body>: it goes back to the phone number instead.
 */
export function PhoneInputA11y({
  listLabel,
  children,
}: {
  listLabel: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const label = () => {
      node.querySelectorAll('[role="listbox"]').forEach((list) => {
        if (list.getAttribute('aria-label') !== listLabel)
          list.setAttribute('aria-label', listLabel);
      });
      node.querySelectorAll('.country-list li:not([role])').forEach((item) => {
        item.setAttribute('role', 'presentation');
      });
    };
    let listHadFocus = false;
    const noteFocus = (event: FocusEvent) => {
      listHadFocus = event.target instanceof Element && !!event.target.closest('.country-list');
    };
    const returnFocus = () => {
      if (!listHadFocus || node.querySelector('.country-list')) return;
      listHadFocus = false;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost) node.querySelector<HTMLInputElement>('input.form-control')?.focus();
    };
    label();
    const observer = new MutationObserver(() => {
      label();
      returnFocus();
    });
    observer.observe(node, { childList: true, subtree: true });
    node.addEventListener('focusin', noteFocus);
    return () => {
      observer.disconnect();
      node.removeEventListener('focusin', noteFocus);
    };
  }, [listLabel]);
  return (
    <div ref={box} className="phone-input-a11y">
      {children}
    </div>
  );
}
