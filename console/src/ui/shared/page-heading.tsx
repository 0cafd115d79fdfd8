import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A page's h1, focused when the page opens so a screen reader starts there after a route change
 * (and a keyboard's next Tab goes into the page).
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className="console-heading">
      {children}
    </h1>
  );
}
