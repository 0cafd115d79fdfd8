import type { ReactNode } from 'react';

/**
 * One card of the security page: its heading (which names the section), a muted line saying what
 * the card is for, then the card's own content.
 */
export function SecurityCard({
  id,
  title,
  text,
  busy,
  heading: Heading = 'h2',
  children,
}: {
  /** The heading's id (the section's aria-labelledby). */
  id: string;
  title: string;
  text: string;
  /** Whether the card's content is still loading (aria-busy); left out for a card that never loads. */
  busy?: boolean;
  heading?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  return (
    <section className="security-card" aria-labelledby={id} aria-busy={busy}>
      <Heading id={id}>{title}</Heading>
      <p className="security-muted">{text}</p>
      {children}
    </section>
  );
}
