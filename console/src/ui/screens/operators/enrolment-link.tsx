import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentLinkResponse } from '../../../../../src/contract/ops-api';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { formatTime } from '../../shared/format';

/**
 * A one-time enrolment link, shown once after it is made: the admin copies it and hands it over.
 * It takes the focus when it appears, so a screen reader reads it at once.
 */
export function EnrolmentLink({ link }: { link: EnrolmentLinkResponse & { for: string } }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLElement>(null);
  // Which link was copied: a new link is not yet.
  const [copiedUrl, setCopiedUrl] = useState<string | null>(null);
  const copied = copiedUrl === link.enrolment_url;
  useEffect(() => {
    box.current?.focus();
  }, [link]);
  const copy = () => {
    void globalThis.navigator?.clipboard?.writeText(link.enrolment_url).then(
      () => setCopiedUrl(link.enrolment_url),
      () => setCopiedUrl(null),
    );
  };
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby="enrolment-link"
      className="surface-panel console-card console-link"
    >
      <h2 id="enrolment-link">{t('operators.linkTitle', { name: link.for })}</h2>
      <p>{t('operators.linkText', { at: formatTime(link.expires_at, i18n.language) })}</p>
      <p>{t('operators.linkConfirm')}</p>
      <p>
        <output className="console-secret" aria-label={t('operators.linkLabel')}>
          {link.enrolment_url}
        </output>
      </p>
      <SurfaceButton onClick={copy}>{t('operators.copy')}</SurfaceButton>
      <span role="status" className="console-status">
        {copied ? t('operators.copied') : ''}
      </span>
    </section>
  );
}
