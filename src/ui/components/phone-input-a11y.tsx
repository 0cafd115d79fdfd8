import { useEffect, useRef, type ReactNode } from 'react';

/**
 * react-phone-input-2 renders its country list as an unnamed role="listbox": this names it (and
 * its flag button's popup) once it appears, so the open list passes axe. It watches only its own
 * children and changes attributes only, never the nodes React owns.
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
    label();
    const observer = new MutationObserver(label);
    observer.observe(node, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [listLabel]);
  return (
    <div ref={box} className="phone-input-a11y">
      {children}
    </div>
  );
}
