import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { RelatedBooking } from '../../api';
import { RelatedBookings } from './related-bookings';

/** Only what the strip reads; the rest of a booking does not matter here. */
function booking(
  id: number,
  status: RelatedBooking['status'],
  extra: Partial<RelatedBooking> = {},
): RelatedBooking {
  const shown = {
    ...extra,
    id,
    uuid: `uuid-${id}`,
    status,
    tour: { id: 12, name: `Steppe ride ${id}` },
    tourists: [],
    price: 1200,
    currency: 'EUR',
    created_at: '2026-06-01T14:30:00.000Z',
  };
  return shown as unknown as RelatedBooking;
}

const actions = ({ id }: RelatedBooking) => <button type="button">Answer #{id}</button>;

describe('RelatedBookings', () => {
  it('offers the organizer’s answers on open bookings only, one button a row, linking the organizer area', async () => {
    await renderInApp(
      <RelatedBookings
        side="staff"
        bookings={[booking(1, 1), booking(2, 3), booking(3, 5), booking(4, 6)]}
        actions={actions}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Their bookings' })).toBeTruthy();
    // One action a row; the answers open under it, across the strip.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Answer booking #1',
      'Manage booking #2',
    ]);
    expect(screen.queryByRole('button', { name: 'Answer #1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Answer booking #1' }));
    expect(screen.getByRole('button', { name: 'Answer booking #1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Answer #1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer #2' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Steppe ride 1' }).getAttribute('href')).toBe(
      '/partner/bookings/1',
    );
  });

  it('opens the answers under the list, outside its scrolling box, so none is cut off', async () => {
    await renderInApp(
      <RelatedBookings
        side="staff"
        bookings={[booking(6, 1), booking(7, 2), booking(8, 3), booking(9, 1)]}
        actions={actions}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Answer booking #9' }));
    const answer = screen.getByRole('button', { name: 'Answer #9' });
    const list = document.querySelector('.chat-bookings__items')!;
    // The list keeps its few rows' height and scrolls: what opens must not be inside it.
    expect(list.contains(answer)).toBe(false);
    const panel = screen.getByRole('group', { name: 'Booking #9 · Steppe ride 9' });
    expect(panel.contains(answer)).toBe(true);
    expect(panel.closest('.chat-bookings')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Answer booking #9' })).toHaveAttribute(
      'aria-controls',
      panel.id,
    );
    // Its row stands alone while it is open; closing brings the others back, one panel a time.
    expect(screen.queryByRole('button', { name: 'Answer booking #6' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Answer booking #9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer booking #6' }));
    expect(screen.queryByRole('button', { name: 'Answer #9' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Answer #6' })).toBeTruthy();
  });

  it('shows the organizer, above the answers, which riders do not fit the tour and why', async () => {
    const rider = (id: number, first: string, extra: object) => ({
      id,
      first_name: first,
      last_name: 'Guest',
      full_name: `${first} Guest`,
      birthday: '1988-05-01',
      weight: 68,
      ...extra,
    });
    const request = {
      ...booking(6, 1, { tour_date: { start: '2027-03-01', end: '2027-03-11' } as never }),
      tourists: [
        rider(1, 'Gina', { level: 'beginner' }),
        rider(2, 'Nora', { level: 'novice', weight: 100 }),
        rider(3, 'Ada', { level: 'advanced' }),
        rider(4, 'Leo', { level: null }),
        rider(5, 'Tom', { rides: false, level: null, weight: null }),
      ],
    } as RelatedBooking;
    // The strip's booking carries its tour's card, with the riding requirements matching needs.
    (request.tour as { riding?: unknown }).riding = ridingBrief({ level: 'intermediate' });
    await renderInApp(<RelatedBookings side="staff" bookings={[request]} actions={actions} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Answer booking #6' }));
    const fit = screen.getByRole('region', { name: 'How the riders of booking #6 fit' });
    const rows = within(fit)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('chat-riders-fit__rider'))
      .map((item) => item.textContent);
    expect(rows).toEqual([
      'Gina GuestNot suitable: For intermediate riders; Gina rides at beginner level',
      'Nora GuestA stretch: For intermediate riders, one step above noviceHeavier horse: above 95\u00a0kg',
      'Ada GuestFits',
      'Leo GuestLevel not given',
    ]);
    // The answers stay right under it.
    expect(screen.getByRole('button', { name: 'Answer #6' })).toBeTruthy();
  });

  it('shows the traveller plain links to their booking pages', async () => {
    await renderInApp(<RelatedBookings bookings={[booking(7, 1)]} />);
    const link = await screen.findByRole('link', { name: 'Steppe ride 7' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(link.getAttribute('href')).toBe('/booking/7');
  });

  it('gives support no link to a page it cannot open, and its card on every booking', async () => {
    await renderInApp(
      <RelatedBookings
        side="support"
        bookings={[booking(8, 3), booking(9, 5)]}
        actions={actions}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Their bookings' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Steppe ride 8')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Answer #8',
      'Answer #9',
    ]);
  });

  it('labels each booking’s status, a declined one as declined, beside its tour and dates', async () => {
    await renderInApp(
      <RelatedBookings
        side="staff"
        bookings={[
          booking(5, 1, { tour_date: { start: '2026-07-12', end: '2026-07-19' } as never }),
          booking(6, 6, { decline_reason: 'No horses that week' }),
          booking(7, 6),
          booking(8, 5),
        ]}
      />,
    );
    const rows = (await screen.findAllByRole('listitem')).map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^Steppe ride 5#5 · .*12.*19.*Waiting for your answer$/),
      'Steppe ride 6#6Declined',
      'Steppe ride 7#7Cancelled by the organizer',
      'Steppe ride 8#8Cancelled by the traveller',
    ]);
  });

  it('names the traveller’s own cancellation as theirs', async () => {
    await renderInApp(<RelatedBookings bookings={[booking(9, 5)]} />);
    expect(await screen.findByText('Cancelled by you')).toBeTruthy();
  });

  it('names a booking that made its prepayment as the trip page does: prepaid, or paid in full', async () => {
    await renderInApp(
      <RelatedBookings
        bookings={[booking(10, 3, { paid: 360 }), booking(11, 3, { paid: 1200 })]}
      />,
    );
    const rows = (await screen.findAllByRole('listitem')).map((row) => row.textContent);
    // 1200 each: 840 is left to pay on the first, nothing on the second.
    expect(rows).toEqual([
      expect.stringMatching(/^Steppe ride 10#10Prepaid$/),
      expect.stringMatching(/^Steppe ride 11#11Paid in full$/),
    ]);
    expect(screen.queryByText('Paid')).toBeNull();
  });
});

describe('RelatedBookings layout', () => {
  // happy-dom applies the stylesheet and its media queries but lays nothing out: these add up the
  // lines a row asks for at a width (every line of a row is one line: nothing wraps).
  const chatCss = readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../chat.css'),
    'utf8',
  );
  const happyDom = (window as unknown as { happyDOM: { setViewport(size: object): void } })
    .happyDOM;
  let style: HTMLStyleElement | undefined;

  afterEach(() => {
    style?.remove();
    happyDom.setViewport({ width: 1024, height: 768 });
  });

  /** A length in rem (the root's 16px). */
  const rem = (value: string) =>
    value.endsWith('rem') ? Number.parseFloat(value) : Number.parseFloat(value) / 16;

  async function stripAt(width: number) {
    happyDom.setViewport({ width, height: 844 });
    style = document.head.appendChild(document.createElement('style'));
    style.textContent = chatCss;
    await renderInApp(
      <RelatedBookings bookings={[booking(1, 1), booking(2, 3), booking(3, 5), booking(4, 2)]} />,
    );
    await screen.findByRole('heading', { name: 'Your bookings' });
    const css = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return { css, list: css('.chat-bookings__items') };
  }

  it('shows whole bookings on a phone: its height ends on the second row, rows snap', async () => {
    const { css, list } = await stripAt(390);
    const status = css('.chat-bookings__status');
    const row =
      rem(css('.chat-bookings__link').lineHeight) +
      rem(css('.chat-bookings__meta').lineHeight) +
      rem(css('.chat-bookings__row').rowGap) +
      rem(status.lineHeight) +
      rem(status.paddingTop) +
      rem(status.paddingBottom);
    expect(rem(list.maxHeight)).toBeLessThan(9.5);
    // happy-dom keeps the `gap` shorthand unexpanded.
    const between = rem(list.rowGap || list.gap);
    expect(rem(list.maxHeight)).toBeCloseTo(2 * row + between, 5);
    expect(list.overflowY).toBe('auto');
    expect(list.scrollSnapType).toMatch(/^y/);
    expect(css('.chat-bookings__item').scrollSnapAlign).toBe('start');
  });

  it.each([390, 1440])(
    'at %ipx, answering shows the open row alone, the answers under the list, the strip scrolling as a whole',
    async (width) => {
      happyDom.setViewport({ width, height: 844 });
      style = document.head.appendChild(document.createElement('style'));
      style.textContent = chatCss;
      await renderInApp(
        <RelatedBookings
          side="staff"
          bookings={[booking(1, 1), booking(2, 3), booking(3, 2), booking(4, 1)]}
          actions={actions}
        />,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Answer booking #4' }));
      const rows = [...document.querySelectorAll<HTMLElement>('.chat-bookings__item')];
      expect(rows.map((row) => row.hidden)).toEqual([true, true, true, false]);
      const strip = getComputedStyle(document.querySelector('.chat-bookings')!);
      // On a screen too short for the answers, the strip scrolls, not the composer out of view.
      expect(strip.overflowY).toBe('auto');
      expect(Number.parseFloat(strip.minHeight)).toBe(0);
      const answer = screen.getByRole('button', { name: 'Answer #4' });
      expect(document.querySelector('.chat-bookings__items')!.contains(answer)).toBe(false);
      // Closing brings every row back.
      fireEvent.click(screen.getByRole('button', { name: 'Answer booking #4' }));
      expect(
        [...document.querySelectorAll<HTMLElement>('.chat-bookings__item')].some(
          (row) => row.hidden,
        ),
      ).toBe(false);
    },
  );

  it('keeps three rows on a desktop', async () => {
    const { list } = await stripAt(1440);
    expect(rem(list.maxHeight)).toBe(9.5);
  });
});
