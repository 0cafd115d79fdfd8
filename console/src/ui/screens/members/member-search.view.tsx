import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useViewModel } from '../../../../../src/ui-kit/di';
import { SurfaceButton } from '../../../../../src/ui-kit/surface-button';
import { TextField } from '../../../../../src/ui-kit/text-field';
import { formatTime } from '../../shared/format';
import { PageHeading } from '../../shared/page-heading';
import { SearchForm, SearchList } from '../../shared/search-list';
import { MemberSearchViewModel } from './member-search.view-model';

/** Member search: masked results, a page at a time. */
export const MemberSearchView = observer(function MemberSearchView() {
  const { t, i18n } = useTranslation();
  const vm = useViewModel(MemberSearchViewModel);

  return (
    <>
      <PageHeading times>{t('members.title')}</PageHeading>
      <SearchForm role="search" onSearch={vm.load}>
        <TextField
          name="q"
          type="search"
          label={t('members.query')}
          hint={t('members.queryHint')}
          value={vm.query}
          onChange={vm.setQuery}
          error={vm.queryError}
        />
        <SurfaceButton type="submit" tone="primary" disabled={vm.results.loading}>
          {t('members.search')}
        </SurfaceButton>
      </SearchForm>
      <SearchList list={vm.results} found="members.found">
        {(rows) => (
          <ul ref={rows} className="console-list" aria-label={t('members.results')}>
            {vm.results.items.map((member) => (
              <li key={member.id} className="surface-panel console-row">
                <Link to={`/members/${encodeURIComponent(member.id)}`}>{member.name}</Link>
                <dl className="console-facts">
                  <dt>{t('members.phone')}</dt>
                  <dd>{member.phoneNo}</dd>
                  <dt>{t('members.ic')}</dt>
                  <dd>{member.icOrPassport}</dd>
                  <dt>{t('members.created')}</dt>
                  <dd>{formatTime(member.createdAt, i18n.language)}</dd>
                  {member.signInDisabled && (
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
      </SearchList>
    </>
  );
});
