import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The i18n keys of each card's heading and of the muted line under it. */
const CARD_TEXTS = {
  sessions: ['security.sessions.title', 'security.sessions.text'],
  passkeys: ['security.passkeys.title', 'security.passkeys.text'],
  data: ['security.data.title', 'security.data.text'],
  delete: ['security.delete.title', 'security.delete.text'],
} as const;

/**
 * One card of the security page: its heading (id `security-<card>-title`, which names the
 * section), a muted line saying what the card is for, then the card's own content.
 */
export function SecurityCard({
  card,
  busy,
  children,
}: {
  card: keyof typeof CARD_TEXTS;
  /** Whether the card's content is still loading (aria-busy); left out for a card that never loads. */
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [title, text] = CARD_TEXTS[card];
  const id = `security-${card}-title`;
  return (
    <section className="security-card surface-panel" aria-labelledby={id} aria-busy={busy}>
      <h2 id={id}>{t(title)}</h2>
      <p className="security-muted">{t(text)}</p>
      {children}
    </section>
  );
}
