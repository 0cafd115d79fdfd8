import { CATALOGUE } from '../../src/domain/model/catalogue.data';
import { toggleBookmark } from '../../src/domain/model/catalogue-item';

describe('the sample catalogue', () => {
  it('holds 29 items with ids 1-23 and 25-30', () => {
    const expectedIds = [
      ...Array.from({ length: 23 }, (_, i) => i + 1),
      ...Array.from({ length: 6 }, (_, i) => i + 25),
    ];
    expect(CATALOGUE).toHaveLength(29);
    expect(CATALOGUE.map((i) => i.id).sort((a, b) => a - b)).toEqual(expectedIds);
  });

  it('has exactly five trending items, and only they have trending thumbnails', () => {
    expect(CATALOGUE.filter((i) => i.isTrending)).toHaveLength(5);
    for (const i of CATALOGUE) expect(i.thumbnail.trending !== undefined).toBe(i.isTrending);
  });

  it('uses only the allowed categories and ratings, and local thumbnail paths', () => {
    for (const i of CATALOGUE) {
      expect(['Movie', 'TV Series']).toContain(i.category);
      expect(['E', 'PG', '18+']).toContain(i.rating);
      const paths = [
        ...Object.values(i.thumbnail.regular),
        ...Object.values(i.thumbnail.trending ?? {}),
      ];
      for (const path of paths)
        expect(path).toMatch(
          /^\/assets\/thumbnails\/[a-z0-9-]+\/(regular|trending)\/(small|medium|large)\.jpg$/,
        );
    }
  });
});

describe('toggleBookmark', () => {
  it('flips isBookmarked of the one item with that id and leaves the rest unchanged', () => {
    const before = CATALOGUE.find((i) => i.id === 6)!.isBookmarked;

    const after = toggleBookmark(CATALOGUE, 6);

    expect(after.find((i) => i.id === 6)!.isBookmarked).toBe(!before);
    const others = (items: typeof CATALOGUE) => items.filter((i) => i.id !== 6);
    expect(others(after)).toEqual(others(CATALOGUE));
    expect(after.filter((i, n) => i.isBookmarked !== CATALOGUE[n].isBookmarked)).toHaveLength(1);
  });

  it('flips back when toggled twice, and does not change the input list', () => {
    const snapshot = structuredClone(CATALOGUE);

    expect(toggleBookmark(toggleBookmark(CATALOGUE, 5), 5)).toEqual(CATALOGUE);
    expect(CATALOGUE).toEqual(snapshot);
  });

  it('changes nothing for an unknown id (24 is not in the catalogue)', () => {
    expect(toggleBookmark(CATALOGUE, 24)).toEqual(CATALOGUE);
  });
});
