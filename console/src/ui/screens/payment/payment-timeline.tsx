import { useTranslation } from 'react-i18next';
import type { TimelineEventDto } from '../../../../../src/contract/ops-payments-api';
import { formatTime } from '../../shared/format';

/** The kinds that are messages from or to the gateway (kept as stored, then only their outcome). */
const MESSAGES = new Set<TimelineEventDto['kind']>([
  'callback',
  'redirect',
  'reconcile',
  'requery',
]);

/** The message as stored, folded; after its retention only its outcome is said. */
function Payload({ event }: { event: TimelineEventDto }) {
  const { t } = useTranslation();
  if (event.payload === null) {
    return MESSAGES.has(event.kind) ? <p className="field-hint">{t('timeline.purged')}</p> : null;
  }
  return (
    <details className="console-payload">
      <summary>{t('timeline.payload')}</summary>
      <pre tabIndex={0} aria-label={t('timeline.payload')}>
        {event.payload}
      </pre>
    </details>
  );
}

/**
 * A payment's timeline, oldest first: when (Malaysia time), what (created, handed to the gateway,
 * callback, redirect, reconciliation, re-query, refund step), its outcome and why, the message as
 * stored, and the operator who took the step.
 */
export function PaymentTimeline({ events }: { events: TimelineEventDto[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="console-timeline" aria-label={t('timeline.title')}>
      {events.map((event, index) => (
        <li key={index} className="console-timeline-event" data-kind={event.kind}>
          <p className="console-timeline-head">
            <time dateTime={event.at}>{formatTime(event.at, i18n.language, 'second')}</time>{' '}
            <strong>{t(`timeline.kind.${event.kind}`)}</strong>
            {event.result !== null && (
              <span className={`console-result console-result-${event.result}`}>
                {t(`timeline.result.${event.result}`, { defaultValue: event.result })}
              </span>
            )}
          </p>
          {event.detail !== null && <p className="console-timeline-detail">{event.detail}</p>}
          {event.operator !== null && (
            <p className="field-hint">{t('timeline.by', { name: event.operator.name })}</p>
          )}
          <Payload event={event} />
        </li>
      ))}
    </ol>
  );
}
