import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewModel } from '../../../ui-kit/di';
import { CatalogueList } from './catalogue-list';
import './catalogue.css';
import { CatalogueViewModel, type CatalogueView } from './catalogue.view-model';

type FilteredView = Exclude<CatalogueView, 'home'>;

const TITLES: Record<FilteredView, string> = {
  movies: 'pages.movies',
  tvSeries: 'pages.tvSeries',
  bookmarks: 'pages.bookmarks',
};

/** /movies, /tv-series and /bookmarks: one filtered view of the member's catalogue. */
const CatalogueScreen = observer(function CatalogueScreen({ view }: { view: FilteredView }) {
  const { t } = useTranslation();
  const vm = useViewModel(CatalogueViewModel);
  useEffect(() => vm.load(), [vm]);
  const items = vm.itemsOf(view);
  return (
    <main id="main" className="catalogue-page">
      <h1>{t(TITLES[view])}</h1>
      <p className="catalogue-count" role="status">
        {t('catalogue.count', { count: items.length })}
      </p>
      {view === 'bookmarks' && items.length === 0 ? (
        <p>{t('catalogue.noBookmarks')}</p>
      ) : (
        <CatalogueList items={items} onToggle={vm.toggle} />
      )}
    </main>
  );
});

export const MoviesScreen = () => <CatalogueScreen view="movies" />;
export const TvSeriesScreen = () => <CatalogueScreen view="tvSeries" />;
export const BookmarksScreen = () => <CatalogueScreen view="bookmarks" />;
