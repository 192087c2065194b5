import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareButtons, shareUrl } from './share-buttons';

describe('shareUrl', () => {
  const url = 'https://gallop.example/altai-horse-trek-7';
  it('builds each network’s plain share address', () => {
    expect(shareUrl('facebook', url, 'Altai Horse Trek')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fgallop.example%2Faltai-horse-trek-7',
    );
    expect(shareUrl('x', url, 'Altai & Gobi')).toBe(
      'https://x.com/intent/tweet?url=https%3A%2F%2Fgallop.example%2Faltai-horse-trek-7&text=Altai+%26+Gobi',
    );
    expect(shareUrl('email', url, 'Altai Horse Trek')).toBe(
      'mailto:?subject=Altai%20Horse%20Trek&body=Altai%20Horse%20Trek%0Ahttps%3A%2F%2Fgallop.example%2Faltai-horse-trek-7',
    );
  });
});

describe('ShareButtons', () => {
  it('offers Facebook, X and e-mail with names a screen reader says, and no script', () => {
    const { container } = render(
      <ShareButtons path="/altai-horse-trek-7" title="Altai Horse Trek" label="Share this tour" />,
    );
    const group = screen.getByRole('group', { name: 'Share this tour' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Share on Facebook (opens in a new tab)',
      'Share on X (opens in a new tab)',
      'Share by e-mail',
    ]);
    const [facebook, x, email] = links;
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    expect(x).toHaveAttribute('target', '_blank');
    expect(email).not.toHaveAttribute('target');
    // After hydration the page's own origin stands in for an unset PUBLIC_URL.
    expect(facebook!.getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/altai-horse-trek-7`),
    );
    expect(email!.getAttribute('href')).toMatch(/^mailto:\?subject=Altai%20Horse%20Trek&body=/);
    expect(container.querySelector('script, iframe')).toBeNull();
  });

  it('offers only the networks asked for', () => {
    render(<ShareButtons path="/blog/riding-in-patagonia" title="Riding" networks={['email']} />);
    expect(within(screen.getByRole('group', { name: 'Share' })).getAllByRole('link')).toHaveLength(
      1,
    );
  });
});
