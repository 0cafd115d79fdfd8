import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../../../src/ui-kit/di';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { formatTime } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { MemberSearchViewModel } from './member-search.view-model';

/** Member search: masked results, a page at a time. */
export const MemberSearchView = observer(function MemberSearchView() {
  const { t, i18n } = useTranslation();
  const vm = useViewModel(MemberSearchViewModel);
  const list = useRef<HTMLUListElement>(null);
  const firstNew = vm.firstNew;
  const count = vm.items.length;

  // After "Load more" the focus moves to the first new member, not back to the top.
  useEffect(() => {
    if (firstNew === null) return;
    list.current?.querySelectorAll('a')[firstNew]?.focus();
  }, [firstNew, count]);

  return (
    <>
      <PageHeading>{t('members.title')}</PageHeading>
      <form
        className="console-search"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void vm.search();
        }}
      >
        <TextField
          name="q"
          type="search"
          label={t('members.query')}
          hint={t('members.queryHint')}
          value={vm.query}
          onChange={vm.setQuery}
          error={vm.queryError}
        />
        <SurfaceButton type="submit" tone="primary" disabled={vm.loading}>
          {t('members.search')}
        </SurfaceButton>
      </form>
      {vm.failure && (
        <p className="console-failure" role="alert">
          {t(vm.failure)}
        </p>
      )}
      <p role="status" className="console-status">
        {vm.loading
          ? t('common.loading')
          : vm.searched !== null && t('members.found', { count: vm.items.length })}
      </p>
      {vm.items.length > 0 && (
        <ul ref={list} className="console-list" aria-label={t('members.results')}>
          {vm.items.map((member) => (
            <li key={member.id} className="surface-panel console-row">
              <Link to={`/members/${encodeURIComponent(member.id)}`}>{member.name}</Link>
              <dl className="console-facts">
                <dt>{t('members.phone')}</dt>
                <dd>{member.phone_no}</dd>
                <dt>{t('members.ic')}</dt>
                <dd>{member.ic_or_passport}</dd>
                <dt>{t('members.created')}</dt>
                <dd>{formatTime(member.created_at, i18n.language)}</dd>
                {member.sign_in_disabled && (
                  <>
                    <dt>{t('member.status')}</dt>
                    <dd>{t('member.signInDisabled')}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {vm.nextCursor !== null && (
        <SurfaceButton onClick={() => void vm.loadMore()} disabled={vm.loading}>
          {t('common.loadMore')}
        </SurfaceButton>
      )}
    </>
  );
});
