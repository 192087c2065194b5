import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaceMixBar } from './pace-mix';

describe('PaceMixBar', () => {
  it('names every share, slowest first, and sizes the segments by share', () => {
    const { container } = render(<PaceMixBar walk={50} trot={30} canter={15} gallop={5} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Pace mix: walk 50%, trot 30%, canter 15%, gallop 5%',
    );
    const segments = [...container.querySelectorAll<HTMLElement>('.gk-pace-mix__segment')];
    expect(segments.map((segment) => segment.style.flexGrow)).toEqual(['50', '30', '15', '5']);
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Walk 50%',
      'Trot 30%',
      'Canter 15%',
      'Gallop 5%',
    ]);
  });

  it('leaves zero shares out of the bar, the legend and the name', () => {
    const { container } = render(<PaceMixBar walk={60} trot={40} canter={0} gallop={0} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Pace mix: walk 60%, trot 40%');
    expect(container.querySelectorAll('.gk-pace-mix__segment')).toHaveLength(2);
    expect(container).not.toHaveTextContent('Canter');
    expect(container).not.toHaveTextContent('Gallop');
  });

  it('takes translated labels and name', () => {
    render(
      <PaceMixBar
        walk={70}
        trot={30}
        canter={0}
        gallop={0}
        labels={{ walk: 'Schritt', trot: 'Trab' }}
        ariaLabel={(shares) =>
          `Gangarten: ${shares.map((s) => `${s.label} ${s.share} %`).join(', ')}`
        }
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName('Gangarten: Schritt 70 %, Trab 30 %');
  });
});
