import { LEVEL_DEFINITIONS, RIDER_LEVELS } from '@gallop/rider-fit';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RiderLevelBadge, RiderLevelScale } from './rider-level';

describe('RiderLevelBadge', () => {
  it.each(RIDER_LEVELS.map((level, index) => [level, index + 1] as const))(
    '%s is named with its position and fills that many steps',
    (level, position) => {
      const { container } = render(<RiderLevelBadge level={level} />);
      expect(screen.getByRole('img')).toHaveAccessibleName(
        `Rider level: ${LEVEL_DEFINITIONS[level].label}, ${position} of 5`,
      );
      expect(container.querySelectorAll('.gk-rider-level__step')).toHaveLength(5);
      expect(container.querySelectorAll('.gk-rider-level__step--on')).toHaveLength(position);
    },
  );

  it('shows the summary and every pace with showDefinition', () => {
    render(<RiderLevelBadge level="intermediate" showDefinition size="sm" />);
    const definition = LEVEL_DEFINITIONS.intermediate;
    expect(screen.getByText(definition.summary)).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Walk', 'Trot', 'Canter', 'Gallop', 'In the saddle']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      definition.walk,
      definition.trot,
      definition.canter,
      definition.gallop,
      definition.saddleHours,
    ]);
    expect(screen.getByRole('img')).toHaveClass('gk-rider-level--sm');
  });

  it('takes translated texts', () => {
    render(
      <RiderLevelBadge
        level="novice"
        texts={{ name: (label, position, total) => `Niveau: ${label} (${position}/${total})` }}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName('Niveau: Novice (2/5)');
  });
});

describe('RiderLevelScale', () => {
  it('lists the five levels lowest first and marks the highlighted one', () => {
    render(<RiderLevelScale highlight="strong-intermediate" />);
    const list = screen.getByRole('list', { name: 'What the levels mean' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Rider level: Beginner, 1 of 5',
      'Rider level: Novice, 2 of 5',
      'Rider level: Intermediate, 3 of 5',
      'Rider level: Strong intermediate, 4 of 5',
      'Rider level: Advanced, 5 of 5',
    ]);
    expect(items[3]).toHaveAttribute('aria-current', 'true');
    expect(items[3]).toHaveTextContent('This ride');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
