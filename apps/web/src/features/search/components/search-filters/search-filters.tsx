import {
  ACCOMMODATION_LABELS,
  COMFORT_LEVELS,
  DIFFICULTY_LEVELS,
  FILTER_LIMITS,
  isCruiseSearch,
  OPERATOR_TYPE_LABELS,
  OPERATOR_TYPES,
  sliderLimitsFor,
  type AccommodationFilter,
  type Comfort,
  type Difficulty,
  type FilterField,
  type OperatorType,
  type SearchFilters,
} from '@gallop/search-filters';
import { formatNumber } from '@gallop/i18n';
import { Datepicker, Select } from '@gallop/ui-kit';
import { formatDay } from '../../../../lib/tour-format';
import type { FacetOption, FilterFacets } from '../../api';
import { tripKindChange, tripKindOf, type TripKind } from '../../search-query';
import { CruiseFilters } from './cruise-filters';
import { DatePeriods } from './date-periods';
import { FacetChecklist, RadioList } from './facet-checklist';
import { FacetSelect } from './facet-select';
import { readId } from './facet-values';
import { FilterGroup as Group, OneValueGroups, type OneValueKind } from './filter-group';
import { PlaceFilter, type PlaceFilterProps } from './place-filter';
import { RangeFilter } from './range-filter';
import { RidingFilters } from './riding-filters';
import { WelfareFilter } from './welfare-filter';
import './search-filters.css';

export type FilterChange = Partial<Record<FilterField, unknown>>;

export interface SearchFiltersPanelProps {
  filters: SearchFilters;
  facets: FilterFacets | undefined;
  /** The currency prices come in: the price sliders use its limits (docs/product.md, Constants). */
  currency: string;
  onChange: (change: FilterChange) => void;
  /** Cities for the place search (`/spa/cities-by-query`). */
  searchCities: PlaceFilterProps['searchCities'];
}

// Readers from a facet's value to the filter's type: ids and levels are numbers, codes strings.
const readCode = (value: FacetOption['value']) => String(value);
const readComfort = (value: FacetOption['value']) =>
  COMFORT_LEVELS.find((level) => level === value) as Comfort | undefined;
const readDifficulty = (value: FacetOption['value']) =>
  DIFFICULTY_LEVELS.find((level) => level === Number(value)) as Difficulty | undefined;

const GROUP_SIZES = [4, 6, 8, 10, 12, 15] as const;
/** Every child's age, 1 to 17: the API takes any (18 and over is an adult, no filter). */
const CHILD_AGES = Array.from({ length: FILTER_LIMITS.adultAge - 1 }, (_, index) => index + 1);
const DAYS_FLOOR = 1;

const TRIP_KINDS: readonly { value: TripKind; text: string }[] = [
  { value: 'tours', text: 'Multi-day tours' },
  { value: 'excursions', text: 'Day rides and excursions' },
  { value: 'cruises', text: 'Cruises' },
];

/** A filter kind chosen with checkboxes from a facet of the answer. */
interface ChecklistKind {
  facet:
    | 'countries'
    | 'regions'
    | 'cities'
    | 'rest_kinds'
    | 'difficulty'
    | 'collections'
    | 'comfort'
    | 'languages';
  field:
    | 'countries'
    | 'regions'
    | 'cities'
    | 'restKinds'
    | 'difficulty'
    | 'collections'
    | 'comfort'
    | 'languages';
  title: string;
  parse: (value: FacetOption['value']) => string | number | undefined;
  defaultOpen?: boolean;
}

const DIRECTION_CHECKLISTS: readonly ChecklistKind[] = [
  { facet: 'countries', field: 'countries', title: 'Country', parse: readId, defaultOpen: true },
  { facet: 'regions', field: 'regions', title: 'Region', parse: readId },
  { facet: 'cities', field: 'cities', title: 'City', parse: readId },
];

const TOUR_CHECKLISTS: readonly ChecklistKind[] = [
  {
    facet: 'rest_kinds',
    field: 'restKinds',
    title: 'Riding style',
    parse: readId,
    defaultOpen: true,
  },
  { facet: 'difficulty', field: 'difficulty', title: 'Difficulty', parse: readDifficulty },
  { facet: 'collections', field: 'collections', title: 'Collections', parse: readId },
  { facet: 'comfort', field: 'comfort', title: 'Comfort', parse: readComfort },
];

const WORLD_PART: OneValueKind = {
  facet: 'world_parts',
  field: 'continent',
  title: 'World part',
  control: 'radios',
  anyText: 'Anywhere',
};

const LANDMARK: OneValueKind = {
  facet: 'showplaces',
  field: 'showplace',
  title: 'Landmark',
  control: 'select',
  anyText: 'Any landmark',
};

const LANGUAGE_CHECKLIST: ChecklistKind = {
  facet: 'languages',
  field: 'languages',
  title: 'Guide language',
  parse: readCode,
};

function ChecklistGroup({
  kind,
  filters,
  facets,
  onChange,
}: {
  kind: ChecklistKind;
  filters: SearchFilters;
  facets: FilterFacets | undefined;
  onChange: (change: FilterChange) => void;
}) {
  const options = facets?.[kind.facet] ?? [];
  if (options.length === 0) return null;
  const selected: readonly (string | number)[] = filters[kind.field] ?? [];
  return (
    <Group title={kind.title} defaultOpen={kind.defaultOpen}>
      <FacetChecklist
        legend={kind.title}
        options={options}
        selected={selected}
        parse={kind.parse}
        onChange={(values) => onChange({ [kind.field]: values })}
      />
    </Group>
  );
}

/**
 * Under the organizer select when the answer lists only some organizers: the API sends the 100
 * with the most tours (plus the chosen one) of possibly thousands (decision 043).
 */
function organizersHint(facets: FilterFacets | undefined): string | undefined {
  const shown = facets?.organizers?.length ?? 0;
  const total = facets?.organizers_total ?? shown;
  if (total <= shown) return undefined;
  return `Showing ${formatNumber(shown)} of ${formatNumber(total)} organizers, those with the most tours.`;
}

/** Currencies written in the Russian number format; `formatPrice` of @gallop/currency. */
const RUSSIAN_FORMAT_CURRENCIES = new Set(['RUB', 'BYN', 'KZT']);

/**
 * The price sliders' amounts as the site writes prices (`formatPrice` of @gallop/currency, the
 * cards' 'US$380', 'JP¥57,446'): no decimals, English (GB) or, for RUB, BYN and KZT, Russian
 * number format. The page's en-US would write a bare '¥', which is also the yuan's sign.
 */
function priceFormat(currency: string) {
  return {
    formatOptions: {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    } satisfies Intl.NumberFormatOptions,
    formatLocale: RUSSIAN_FORMAT_CURRENCIES.has(currency) ? 'ru-RU' : 'en-GB',
  };
}

/**
 * Every filter kind the API's facets offer, plus dates, prices, duration, age, group size and the
 * rider's weight.
 */
export function SearchFiltersPanel({
  filters,
  facets,
  currency,
  onChange,
  searchCities,
}: SearchFiltersPanelProps) {
  const limits = sliderLimitsFor(currency);
  const checklists = (kinds: readonly ChecklistKind[]) =>
    kinds.map((kind) => (
      <ChecklistGroup
        key={kind.field}
        kind={kind}
        filters={filters}
        facets={facets}
        onChange={onChange}
      />
    ));
  const has = (options: readonly FacetOption[] | undefined) => (options?.length ?? 0) > 0;
  const accommodationCounts = new Map(
    (facets?.accommodation ?? []).map((option) => [option.value, option.count]),
  );
  const operatorCounts = new Map(
    (facets?.operator_types ?? []).map((option) => [option.value, option.count]),
  );
  const organizerNote = organizersHint(facets);
  const cruises = isCruiseSearch(filters);
  return (
    <div className="search-filters">
      <Group title="Trip type" defaultOpen>
        <RadioList
          legend="Trip type"
          name="type"
          choices={TRIP_KINDS}
          value={tripKindOf(filters)}
          onChange={(kind) => onChange(tripKindChange(kind))}
        />
      </Group>

      <OneValueGroups kinds={[WORLD_PART]} filters={filters} facets={facets} onChange={onChange} />
      {checklists(DIRECTION_CHECKLISTS)}
      <OneValueGroups kinds={[LANDMARK]} filters={filters} facets={facets} onChange={onChange} />

      <Group title="Near a place" defaultOpen={filters.placeName !== undefined}>
        <PlaceFilter filters={filters} searchCities={searchCities} onChange={onChange} />
      </Group>

      {cruises && <CruiseFilters filters={filters} facets={facets} onChange={onChange} />}

      <Group title="Dates" defaultOpen>
        <DatePeriods dateFrom={filters.dateFrom} dateTo={filters.dateTo} onChange={onChange} />
        <Datepicker
          mode="range"
          monthCount={1}
          min="today"
          formatDate={formatDay}
          value={{ start: filters.dateFrom ?? null, end: filters.dateTo ?? null }}
          onChange={({ start, end }) => onChange({ dateFrom: start, dateTo: end })}
        />
        {(filters.dateFrom || filters.dateTo) && (
          <button
            type="button"
            className="search-link-button"
            onClick={() => onChange({ dateFrom: undefined, dateTo: undefined })}
          >
            Any dates
          </button>
        )}
      </Group>

      <Group title="Price" defaultOpen>
        <div className="search-filters__sliders">
          <RangeFilter
            label="Total price"
            bounds={{ min: filters.priceMin, max: filters.priceMax }}
            floor={0}
            ceiling={limits.priceMax}
            step={limits.step}
            thumbLabels={['Minimum price', 'Maximum price']}
            {...priceFormat(currency)}
            onCommit={({ min, max }) => onChange({ priceMin: min, priceMax: max })}
          />
          <RangeFilter
            label="Price per day"
            bounds={{ min: filters.pricePerDayMin, max: filters.pricePerDayMax }}
            floor={0}
            ceiling={limits.pricePerDayMax}
            step={Math.max(1, limits.step / 10)}
            thumbLabels={['Minimum price per day', 'Maximum price per day']}
            {...priceFormat(currency)}
            onCommit={({ min, max }) => onChange({ pricePerDayMin: min, pricePerDayMax: max })}
          />
        </div>
      </Group>

      <Group title="Duration" defaultOpen>
        <RangeFilter
          label="Days"
          bounds={{ min: filters.daysMin, max: filters.daysMax }}
          floor={DAYS_FLOOR}
          ceiling={FILTER_LIMITS.daysMax}
          step={1}
          thumbLabels={['Shortest', 'Longest']}
          onCommit={({ min, max }) => onChange({ daysMin: min, daysMax: max })}
        />
      </Group>

      {checklists(TOUR_CHECKLISTS)}
      <RidingFilters filters={filters} facets={facets} onChange={onChange} />
      <WelfareFilter filters={filters} facets={facets} onChange={onChange} />
      {/* A cruise sleeps in its ship's cabins: nothing to choose. */}
      {!cruises && has(facets?.accommodation) && (
        <Group title="Accommodation">
          <RadioList<AccommodationFilter>
            legend="Accommodation"
            name="accommodation"
            choices={[
              { value: 'any', text: ACCOMMODATION_LABELS.any },
              ...(facets?.accommodation ?? []).flatMap((option) => {
                const value = String(option.value) as AccommodationFilter;
                return value in ACCOMMODATION_LABELS
                  ? [{ value, text: option.text, count: accommodationCounts.get(option.value) }]
                  : [];
              }),
            ]}
            value={filters.accommodation}
            onChange={(accommodation) => onChange({ accommodation })}
          />
        </Group>
      )}
      {checklists([LANGUAGE_CHECKLIST])}

      <Group title="Group and age">
        <div className="search-filters__selects">
          <Select
            label="Group size"
            items={[
              { value: 0, text: 'Any size' },
              ...GROUP_SIZES.map((size) => ({ value: size, text: `Up to ${size} riders` })),
            ]}
            value={filters.maxGroupSize ?? 0}
            onChange={(value) => onChange({ maxGroupSize: value === 0 ? undefined : value })}
          />
          <Select
            label="Travelling with children"
            items={[
              { value: 0, text: 'No children' },
              ...CHILD_AGES.map((age) => ({ value: age, text: `Youngest is ${age}` })),
            ]}
            value={filters.minAge}
            onChange={(value) => onChange({ minAge: value })}
          />
        </div>
      </Group>

      <Group title="Organizer">
        <RadioList<OperatorType>
          legend="Organizer type"
          name="operatorType"
          choices={OPERATOR_TYPES.map((value) => ({
            value,
            text:
              value === 'author'
                ? 'Independent guides'
                : value === 'organization'
                  ? 'Tour companies'
                  : OPERATOR_TYPE_LABELS[value],
            count: value === 'any' ? undefined : operatorCounts.get(value),
          }))}
          value={filters.operatorType}
          onChange={(operatorType) => onChange({ operatorType })}
        />
        {has(facets?.organizers) && (
          <FacetSelect
            label="Organizer"
            className="search-filters__organizer"
            anyText="Any organizer"
            options={facets?.organizers ?? []}
            value={filters.organizer}
            onChange={(organizer) => onChange({ organizer })}
          />
        )}
        {has(facets?.organizers) && organizerNote && (
          <p className="search-filters__organizer-hint">{organizerNote}</p>
        )}
      </Group>
    </div>
  );
}
