import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, type ReactNode, type RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SurfaceButton } from '../../../../src/ui-kit/surface-button';
import type { PagedList } from './paged-list';

/** A search's form: nothing sent by the browser itself, `onSearch` on submit. */
export function SearchForm({
  className = 'console-search',
  role,
  label,
  onSearch,
  children,
}: {
  className?: string;
  role?: 'search';
  /** The form's accessible name. */
  label?: string;
  onSearch: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      role={role}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSearch();
      }}
    >
      {children}
    </form>
  );
}

type ListView = Pick<
  PagedList<unknown, unknown>,
  'items' | 'nextCursor' | 'shown' | 'loading' | 'failure' | 'firstNew' | 'loadMore'
>;

/**
 * Under a search's form: why it failed, how many rows it found (a live status), the rows, and
 * "Load more" while there is a next page. After "Load more" the focus moves to the first new
 * row's first link, not back to the top.
 */
export const SearchList = observer(function SearchList({
  list,
  found,
  children,
}: {
  list: ListView;
  /** The i18n key that counts the rows found. */
  found: string;
  /** The rows, shown when there are any; `rows` is the ref of the element holding one per row. */
  children: (rows: RefCallback<HTMLElement>) => ReactNode;
}) {
  const { t } = useTranslation();
  const rows = useRef<HTMLElement | null>(null);
  const holdRows = useCallback((element: HTMLElement | null) => {
    rows.current = element;
  }, []);
  const { firstNew } = list;
  const count = list.items.length;
  useEffect(() => {
    if (firstNew !== null) rows.current?.children[firstNew]?.querySelector('a')?.focus();
  }, [firstNew, count]);

  return (
    <>
      {list.failure && (
        <p className="console-failure" role="alert">
          {t(list.failure)}
        </p>
      )}
      <p role="status" className="console-status">
        {list.loading ? t('common.loading') : list.shown !== null && t(found, { count })}
      </p>
      {count > 0 && children(holdRows)}
      {list.nextCursor !== null && (
        <SurfaceButton onClick={() => void list.loadMore()} disabled={list.loading}>
          {t('common.loadMore')}
        </SurfaceButton>
      )}
    </>
  );
});
