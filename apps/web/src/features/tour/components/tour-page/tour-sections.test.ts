import { describe, expect, it } from 'vitest';
import { tourFixture } from '../../testing/tour-fixture';
import { tourFacts } from '../tour-facts/tour-facts';
import { tourSections } from './tour-page';

describe('tourSections', () => {
  it('lists every section of a complete tour in page order', () => {
    expect(tourSections(tourFixture()).map((section) => section.anchor)).toEqual([
      'overview',
      'riding',
      'photos',
      'programme',
      'dates',
      'organizer',
      'reviews',
      'questions',
      'route',
    ]);
  });

  it('leaves out the sections a tour has nothing for', () => {
    const bare = tourFixture({
      images: [{ image: '/a/{{size}}.jpg' }],
      program: [],
      included: [],
      questions: [],
      organizer: undefined,
    });
    expect(tourSections(bare).map((section) => section.anchor)).toEqual([
      'overview',
      'riding',
      'dates',
      'reviews',
      'route',
    ]);
  });
});

describe('tourFacts', () => {
  it('gives the key facts with readable values', () => {
    expect(tourFacts(tourFixture())).toEqual([
      { label: 'Duration', value: '10 days' },
      { label: 'Difficulty', value: 'Moderate' },
      { label: 'Comfort', value: 'Premium' },
      { label: 'Accommodation', value: 'Apartment' },
      { label: 'Group size', value: 'Up to 6 riders' },
      { label: 'Minimum age', value: '12 years' },
      { label: 'Guide languages', value: 'English, Spanish' },
      { label: 'Starts in', value: 'Hoedspruit, Limpopo, South Africa' },
    ]);
  });

  it('skips unknown facts and says when any age is welcome', () => {
    const facts = tourFacts(
      tourFixture({ accommodation: 'not-set', min_age: 0, languages: [], start_city: undefined }),
    );
    expect(facts.map((fact) => fact.label)).not.toContain('Accommodation');
    expect(facts.map((fact) => fact.label)).not.toContain('Guide languages');
    expect(facts).toContainEqual({ label: 'Minimum age', value: 'Any age' });
  });
});
