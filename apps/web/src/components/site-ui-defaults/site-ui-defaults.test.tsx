import { Modal } from '@gallop/ui-kit';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_MODAL_WIDTH, SiteUiDefaults } from './site-ui-defaults';

describe('SiteUiDefaults', () => {
  it('opens modals 489 px wide, the site’s default', () => {
    expect(SITE_MODAL_WIDTH).toBe(489);
    render(
      <SiteUiDefaults>
        <Modal isOpen onClose={() => {}} title="Get the tour programme" />
      </SiteUiDefaults>,
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const overlay = document.querySelector<HTMLElement>('.gk-modal-overlay');
    expect(overlay?.style.getPropertyValue('--gk-modal-width')).toBe('489px');
  });
});
