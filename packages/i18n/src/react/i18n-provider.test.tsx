import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, useLocale, useT } from './i18n-provider';

function Pager({ count }: { count: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p lang={locale}>
      {`${t('pagination.next_btn')} / ${t('photo_preview.more_photos', { count })} / ${t('missing.key')}`}
    </p>
  );
}

describe('I18nProvider and useT', () => {
  it('render the same text on the server and in the browser', () => {
    const onMissingKey = vi.fn();
    const tree = (
      <I18nProvider locale="en-US" onMissingKey={onMissingKey}>
        <Pager count={3} />
      </I18nProvider>
    );
    const html = renderToString(tree);
    expect(html).toContain('Next / 3 more photos / missing.key');
    render(tree);
    expect(screen.getByText('Next / 3 more photos / missing.key')).toHaveAttribute('lang', 'en-US');
    expect(onMissingKey).toHaveBeenCalledWith('missing.key');
  });

  it('use given messages instead of the dictionary', () => {
    render(
      <I18nProvider
        locale="de"
        messages={{
          'pagination.next_btn': 'Weiter',
          'photo_preview.more_photos': { one: '1 Foto', other: '{count} Fotos' },
        }}
        onMissingKey={() => undefined}
      >
        <Pager count={1} />
      </I18nProvider>,
    );
    expect(screen.getByText('Weiter / 1 Foto / missing.key')).toHaveAttribute('lang', 'de');
  });

  it('fall back to English without a provider', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Pager count={1} />);
    expect(screen.getByText('Next / 1 more photo / missing.key')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });
});
