import {
  FitIndicator,
  imageUrl,
  RatingIndicator,
  RiderLevelBadge,
  countText,
  type FitIndicatorProps,
  type MediaItem,
  type RiderLevelBadgeProps,
} from '@gallop/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MouseEvent } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { euros } from './euros';
import { TOUR_PICTURES } from './scenery';
import './tour-card.css';

/** What a search result needs of a tour (the API's TourSummary, cut to this card). */
interface TourResult {
  slug: string;
  name: string;
  country: string;
  days: number;
  picture: MediaItem;
  rating: number;
  reviews: number;
  level: RiderLevelBadgeProps['level'];
  fit: Pick<FitIndicatorProps, 'verdict' | 'reason'>;
  /** The lowest price per rider over the tour's dates, in euros. */
  fromPrice: number;
}

/** 16:9 card pictures, 480 wide and 960 for sharp screens, as the search page asks for them. */
const CARD_SIZE = { size: '480x270', size2x: '960x540' } as const;

interface TourCardProps {
  tour: TourResult;
  /** Opens the tour page (the web app's router link). */
  onOpen: (slug: string) => void;
}

function TourCard({ tour, onOpen }: TourCardProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onOpen(tour.slug);
  };
  return (
    <article className="pattern-card">
      <div className="pattern-card__media">
        <img
          className="pattern-card__image"
          src={imageUrl(tour.picture.image, CARD_SIZE.size)}
          srcSet={`${imageUrl(tour.picture.image, CARD_SIZE.size)} 1x, ${imageUrl(tour.picture.image, CARD_SIZE.size2x)} 2x`}
          width={480}
          height={270}
          alt={tour.picture.alt ?? ''}
        />
        <div className="pattern-card__fit">
          <FitIndicator compact verdict={tour.fit.verdict} reason={tour.fit.reason} />
        </div>
      </div>
      <div className="pattern-card__body">
        <p className="pattern-card__meta">
          <span>{tour.country}</span>
          <span>{countText('{count} day(s)', tour.days)}</span>
        </p>
        <h3 className="pattern-card__name">
          <a className="pattern-card__link" href={`/tours/${tour.slug}`} onClick={open}>
            {tour.name}
          </a>
        </h3>
        <div className="pattern-card__row">
          <p className="pattern-card__rating">
            <RatingIndicator value={tour.rating} showValue />
            <span>{countText('({count} review(s))', tour.reviews)}</span>
          </p>
          <RiderLevelBadge level={tour.level} size="sm" />
        </div>
        <p className="pattern-card__price">
          <span>
            from <strong>{euros.format(tour.fromPrice)}</strong>
          </span>
          <span>per rider</span>
        </p>
      </div>
    </article>
  );
}

const GOBI: TourResult = {
  slug: 'gobi-crossing-on-mongolian-horses',
  name: 'Gobi crossing on Mongolian horses',
  country: 'Mongolia',
  days: 8,
  picture: TOUR_PICTURES.gobi,
  rating: 4.9,
  reviews: 42,
  level: 'intermediate',
  fit: { verdict: 'fits', reason: null },
  fromPrice: 1240,
};

const RESULTS: readonly TourResult[] = [
  GOBI,
  {
    slug: 'white-villages-of-the-alpujarra',
    name: 'White villages of the Alpujarra',
    country: 'Spain',
    days: 6,
    picture: TOUR_PICTURES.andalusia,
    rating: 4.7,
    reviews: 118,
    level: 'novice',
    fit: { verdict: 'fits', reason: null },
    fromPrice: 1480,
  },
  {
    slug: 'highland-trail-to-landmannalaugar',
    name: 'Highland trail to Landmannalaugar',
    country: 'Iceland',
    days: 7,
    picture: TOUR_PICTURES.iceland,
    rating: 4.8,
    reviews: 64,
    level: 'strong-intermediate',
    fit: {
      verdict: 'stretch',
      reason: 'For strong intermediate riders, one step above intermediate',
    },
    fromPrice: 2150,
  },
];

const meta = {
  title: 'Patterns/Search result card',
  component: TourCard,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: `A tour as the search page lists it: the cover picture, country and length, the
name as the link to the tour page, the riders' rating, the rider level the tour asks for, whether
it fits the traveller's rider passport, and the lowest price per rider.

Built from \`imageUrl\` (the kit's media helper, which fills the picture's \`{{size}}\`),
\`FitIndicator\` (compact, on the picture's lower edge), \`RatingIndicator\`, \`RiderLevelBadge\`
(\`sm\`) and \`countText\`; the card itself is plain markup on the kit's tokens. The whole card is
the link's target, and the link's name is the tour's name alone, so a list of results reads as
a list of tours.`,
      },
    },
  },
  args: { tour: GOBI, onOpen: fn() },
  argTypes: { tour: { control: 'object' } },
} satisfies Meta<typeof TourCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One result: the link is named by the tour, the price reads "from €1,240". */
export const Card: Story = {
  render: (args) => (
    <div style={{ maxWidth: 380 }}>
      <TourCard {...args} />
    </div>
  ),
  play: async ({ args, canvas }) => {
    const link = canvas.getByRole('link', { name: 'Gobi crossing on Mongolian horses' });
    await expect(canvas.getByRole('heading', { level: 3 })).toContainElement(link);
    await expect(link).toHaveAttribute('href', '/tours/gobi-crossing-on-mongolian-horses');
    await expect(canvas.getByText('Mongolia')).toBeVisible();
    await expect(canvas.getByText('8 days')).toBeVisible();
    await expect(canvas.getByRole('img', { name: /^Rated 4\.9 out of 5/ })).toBeVisible();
    await expect(canvas.getByText('(42 reviews)')).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeVisible();
    await expect(canvas.getByText('Fits you')).toBeVisible();
    await expect(canvas.getByText('€1,240').closest('p')).toHaveTextContent(
      /^from €1,240\s*per rider$/,
    );
    // Keyboard first: Tab reaches the tour's link, Enter opens the tour.
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith('gobi-crossing-on-mongolian-horses');
  },
};

/** Three results in the search page's grid: one column on phones, three on wide screens. */
export const SearchResults: Story = {
  render: (args) => (
    <ul className="pattern-results" aria-label="Tours">
      {RESULTS.map((tour) => (
        <li key={tour.slug}>
          <TourCard tour={tour} onOpen={args.onOpen} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const results = within(canvas.getByRole('list', { name: 'Tours' })).getAllByRole('listitem');
    await expect(results.map((result) => within(result).getByRole('link').textContent)).toEqual(
      RESULTS.map((tour) => tour.name),
    );
    for (const [index, result] of results.entries()) {
      const price = euros.format(RESULTS[index]!.fromPrice);
      await expect(within(result).getByText(price).closest('p')).toHaveTextContent(`from ${price}`);
    }
    const stretch = within(results[2]!);
    await expect(stretch.getByText('A stretch')).toBeVisible();
  },
};
