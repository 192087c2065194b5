import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('renders the allowed markup with heading anchors and safe links', () => {
    const { container } = render(
      <RichText html='<h2>Before you ride</h2><p>See <a href="https://x.example">this</a> and <a href="/help-center">help</a>.</p><img src=x onerror="alert(1)">' />,
    );
    expect(container.querySelector('h2')?.id).toBe('before-you-ride');
    const [external, internal] = container.querySelectorAll('a');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal?.getAttribute('href')).toBe('/help-center');
    expect(internal?.hasAttribute('rel')).toBe(false);
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
  });

  it('shows markup-looking text as text', () => {
    const { container } = render(
      <RichText html={'<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('<script>alert(1)</script>');
  });
});
