import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../domain/model/audit';
import { useLoadedViewModel } from '../../../../../src/ui-kit/loaded-view-model';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { formatTime } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { AuditViewModel, type AuditFilter } from './audit.view-model';

const TEXT_FILTERS: AuditFilter[] = ['operator', 'action', 'target'];

const shownValue = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** What an entry changed: each field, before and after (personal data comes masked). */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const { t } = useTranslation();
  if (changes === null || Object.keys(changes).length === 0) return <>—</>;
  return (
    <ul className="console-plain-list">
      {Object.entries(changes).map(([field, change]) => (
        <li key={field}>
          {t('audit.change', {
            field,
            before: shownValue(change.before),
            after: shownValue(change.after),
          })}
        </li>
      ))}
    </ul>
  );
}

/** What an entry was done to: its name where there is one, the kind and id beside it. */
function Target({ vm, entry }: { vm: AuditViewModel; entry: AuditEntry }) {
  const { t } = useTranslation();
  const target = vm.targetOf(entry);
  if (target === null) return <>—</>;
  const kind = t(target.typeKey, { defaultValue: target.type });
  return (
    <>
      {target.name ?? kind}
      <span className="field-hint console-target-id">
        {' '}
        {target.name !== null && `${kind} `}
        {target.id !== null && <code>{target.id}</code>}
      </span>
    </>
  );
}

/** The audit log: filters, the chain's state, entries, export and checkpoint. */
export const AuditView = observer(function AuditView() {
  const { t, i18n } = useTranslation();
  const vm = useLoadedViewModel(AuditViewModel);
  const chain = vm.chain;

  return (
    <>
      <PageHeading times>{t('audit.title')}</PageHeading>
      <form
        className="console-form console-form-row"
        aria-label={t('audit.filters')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void vm.load();
        }}
      >
        {TEXT_FILTERS.map((filter) => (
          <TextField
            key={filter}
            name={filter}
            label={t(`audit.filter.${filter}`)}
            value={vm.filters[filter]}
            onChange={(value) => vm.setFilter(filter, value)}
          />
        ))}
        <TextField
          name="from"
          type="date"
          label={t('audit.filter.from')}
          value={vm.filters.from}
          onChange={(value) => vm.setFilter('from', value)}
        />
        <TextField
          name="to"
          type="date"
          label={t('audit.filter.to')}
          value={vm.filters.to}
          onChange={(value) => vm.setFilter('to', value)}
        />
        <SurfaceButton type="submit" tone="primary" disabled={vm.loading}>
          {t('audit.apply')}
        </SurfaceButton>
      </form>
      <div className="console-actions">
        <a
          className="surface-button"
          href={vm.exportHref}
          download="audit.jsonl"
          onClick={(event) => {
            event.preventDefault();
            void vm.download();
          }}
        >
          {t('audit.export')}
        </a>
        <SurfaceButton onClick={() => void vm.checkpoint()} disabled={vm.loading}>
          {t('audit.checkpoint')}
        </SurfaceButton>
      </div>
      <p role="status" className="console-status">
        {vm.loading ? t('common.loading') : vm.checkpointDone ? t('audit.checkpointDone') : ''}
      </p>
      {(vm.failure ?? vm.exportFailure) && (
        <p className="console-failure" role="alert">
          {t(vm.failure ?? vm.exportFailure ?? '')}
        </p>
      )}
      {chain && (
        <p
          className={chain.verified ? 'console-ok' : 'console-failure'}
          data-chain={chain.verified ? 'verified' : 'broken'}
        >
          {chain.verified
            ? t('audit.verified', { count: chain.entries })
            : chain.firstBadSeq === null
              ? t('audit.brokenCheckpoints')
              : t('audit.broken', { seq: chain.firstBadSeq })}{' '}
          {chain.lastCheckpoint &&
            t('audit.lastCheckpoint', {
              at: formatTime(chain.lastCheckpoint.signedAt, i18n.language),
              count: chain.lastCheckpoint.entries,
            })}
        </p>
      )}
      <div className="console-table-wrap">
        <table className="console-table">
          <caption className="visually-hidden">{t('audit.entries')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('audit.at')}</th>
              <th scope="col">{t('audit.actor')}</th>
              <th scope="col">{t('audit.filter.action')}</th>
              <th scope="col">{t('audit.filter.target')}</th>
              <th scope="col">{t('audit.reason')}</th>
              <th scope="col">{t('audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {vm.items.map((entry) => (
              <tr
                key={entry.seq}
                className={chain?.firstBadSeq === entry.seq ? 'console-bad-row' : undefined}
              >
                <td>{entry.seq}</td>
                <td>{formatTime(entry.at, i18n.language)}</td>
                <td>
                  {entry.actorName}
                  {entry.actorRole && <span className="field-hint"> ({entry.actorRole})</span>}
                </td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>
                  <Target vm={vm} entry={entry} />
                </td>
                <td>{entry.reason ?? '—'}</td>
                <td>
                  <Changes changes={entry.changes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {vm.nextCursor !== null && (
        <SurfaceButton onClick={() => void vm.loadMore()} disabled={vm.loading}>
          {t('common.loadMore')}
        </SurfaceButton>
      )}
    </>
  );
});
