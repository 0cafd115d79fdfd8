import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CatalogueItem } from '../../../domain/model/catalogue-item';
import { Thumbnail } from './thumbnail';
import './catalogue.css';

const CATEGORY_KEYS: Record<CatalogueItem['category'], string> = {
  Movie: 'catalogue.category.movie',
  'TV Series': 'catalogue.category.tvSeries',
};

/** A grid of catalogue cards: artwork, title, year, category, rating, and the bookmark toggle. */
export const CatalogueList = observer(function CatalogueList({
  items,
  onToggle,
  trending = false,
}: {
  items: CatalogueItem[];
  onToggle: (id: number) => void;
  trending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className={trending ? 'catalogue-grid catalogue-grid-trending' : 'catalogue-grid'}>
      {items.map((item) => (
        <li key={item.id} className="card catalogue-card">
          <Thumbnail item={item} />
          <div className="catalogue-card-body">
            <h3 className="catalogue-title">{item.title}</h3>
            <p className="catalogue-meta">
              <span>{item.year}</span>
              <span aria-hidden="true"> · </span>
              <span>{t(CATEGORY_KEYS[item.category])}</span>
              <span aria-hidden="true"> · </span>
              <span className="catalogue-rating">
                {t('catalogue.rating', { rating: item.rating })}
              </span>
            </p>
          </div>
          <button
            type="button"
            className="bookmark-toggle"
            aria-pressed={item.isBookmarked}
            aria-label={t('catalogue.bookmark', { title: item.title })}
            onClick={() => onToggle(item.id)}
          >
            <BookmarkIcon filled={item.isBookmarked} />
          </button>
        </li>
      ))}
    </ul>
  );
});

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
      <path
        d="M6 3h12v18l-6-4.5L6 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
