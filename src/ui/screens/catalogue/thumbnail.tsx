import { useId } from 'react';
import type { CatalogueItem } from '../../../domain/model/catalogue-item';

/**
 * The catalogue's artwork, shipped with the app as code: a small picture drawn from the item's id
 * (a sky, a sun for a film or a screen for a series, and hills), so no image file is fetched and
 * no remote host is involved. Decorative: the card's title names the item.
 */
export function Thumbnail({ item }: { item: CatalogueItem }) {
  const gradientId = useId();
  const hue = (item.id * 47) % 360;
  const deep = (hue + 40) % 360;
  const light = `hsl(${(hue + 180) % 360} 80% 78%)`;
  return (
    <svg
      className="catalogue-thumbnail"
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 65% 45%)`} />
          <stop offset="1" stopColor={`hsl(${deep} 70% 22%)`} />
        </linearGradient>
      </defs>
      <rect width="320" height="200" fill={`url(#${gradientId})`} />
      {item.category === 'Movie' ? (
        <circle
          cx={220 + ((item.id * 13) % 100)}
          cy={50 + ((item.id * 7) % 30)}
          r={18 + (item.id % 4) * 5}
          fill={light}
        />
      ) : (
        <g stroke={light} strokeWidth="6" fill="none">
          <rect x="110" y="30" width="100" height="64" rx="8" />
          <path d="M145 102h30" />
        </g>
      )}
      <path
        d={`M0 160q${60 + (item.id % 40)} -${30 + (item.id % 25)} 140 -6t180 -10v56H0z`}
        fill={`hsl(${deep} 60% 14%)`}
        opacity="0.85"
      />
    </svg>
  );
}
