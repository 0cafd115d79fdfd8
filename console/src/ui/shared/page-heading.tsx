import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page's h1, focused when the page opens so a screen reader starts there after a route change
 * (and a keyboard's next Tab goes into the page). With `times`, the page shows times and says
 * once, under its heading, which zone they are in (Malaysia time, format.ts).
 */
export function PageHeading({ children, times = false }: { children: ReactNode; times?: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="console-heading">
        {children}
      </h1>
      {times && <p className="field-hint console-zone">{t('time.zone')}</p>}
    </>
  );
}
