import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { meetFixture } from '../../testing/meet-fixture';
import { MeetPage } from './meet-page';

const KEY = 'meet-key-0123456789';

/** A stand-in meetings API: records the calls, answers saves with `saveStatus`. */
function meetApi({
  saveStatus = 200,
  uploadStatus = 200,
}: { saveStatus?: number; uploadStatus?: number } = {}) {
  const calls: Array<{ path: string; key: string | null; body: unknown }> = [];
  let nextFileId = 40;
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // The shell's own call (the visitor's country, for units) is not the page's.
    if (url.pathname === '/spa/info')
      return Response.json({ message: 'Not found' }, { status: 404 });
    const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data');
    const body = isForm
      ? ((await request.formData()).get('file') as File).name
      : request.method === 'POST'
        ? await request.json()
        : undefined;
    calls.push({ path: url.pathname, key: url.searchParams.get('key'), body });
    switch (url.pathname) {
      case '/spa/contract-organizer-meet-file-save':
        return uploadStatus === 200
          ? Response.json({ id: nextFileId++, name: body })
          : Response.json(
              {
                message:
                  'The file must be an image or a PDF, Word (doc, docx) or Excel (xls, xlsx) file',
              },
              { status: uploadStatus },
            );
      case '/spa/contract-organizer-meet-delete-file':
        return Response.json({ result: true });
      case '/spa/contract-organizer-meet-save':
        return saveStatus === 200
          ? Response.json({ result: true })
          : Response.json(
              { message: 'This meeting link is no longer valid' },
              { status: saveStatus },
            );
      default:
        return Response.json({ message: 'Not found' }, { status: 404 });
    }
  };
  return { fetch, calls };
}

/** The page in the app's router, once it is on screen; the arrival page open unless told. */
async function renderMeet(data = meetFixture(), fetch = meetApi().fetch, arrivalOpen = true) {
  const view = await renderInApp(<MeetPage meetKey={KEY} data={data} arrivalOpen={arrivalOpen} />, {
    fetch,
  });
  await screen.findByLabelText('Meeting details');
  return view;
}

const textArea = () => screen.getByLabelText('Meeting details') as HTMLTextAreaElement;

describe('MeetPage', () => {
  it('shows the trip: tour link, dates, request number, arrivals and departures', async () => {
    await renderMeet();
    const title = screen.getByRole('heading', { level: 1 });
    expect(within(title).getByRole('link')).toHaveAttribute(
      'href',
      '/altai-horse-trek-to-the-multinskiye-lakes-12',
    );
    expect(screen.getByText('12–19 Jul 2026')).toBeInTheDocument();
    // Whole on its line (no-break spaces): a narrow column breaks a range at its dash only.
    expect(screen.getByText('12–19 Jul 2026').textContent).toBe('12–19\u00a0Jul\u00a02026');
    expect(screen.getByText('#4821')).toBeInTheDocument();
    expect(screen.getByText('Anna Petrova, Mark Petrov')).toBeInTheDocument();
    expect(screen.getByText('Flight S7 2519, Gorno-Altaysk')).toBeInTheDocument();
    expect(screen.getByText('12 Jul 2026 at 09:40')).toBeInTheDocument();
    expect(screen.getByText('Train 016A, Biysk')).toBeInTheDocument();
    // The second group has told nothing yet.
    expect(screen.getAllByText('Not given yet')).toHaveLength(2);
  });

  it('counts riders and non-riders apart, as the traveller’s booking page does', async () => {
    const fact = (term: string) =>
      screen.queryAllByRole('term').find((dt) => dt.textContent === term)?.nextElementSibling
        ?.textContent;
    const { unmount } = await renderMeet();
    expect(fact('Riders')).toBe('3 riders');
    unmount();

    await renderMeet(
      meetFixture({
        tourists_data: {
          data: [
            {
              tourists: [
                { id: 1, name: 'Anna Petrova', rides: true },
                { id: 2, name: 'Mark Petrov', rides: true },
                { id: 3, name: 'Lena Sokolova', rides: true },
                { id: 4, name: 'Ivan Sokolov', rides: true },
                { id: 5, name: 'Olga Sokolova', rides: false },
              ],
            },
          ],
        },
      }),
    );
    expect(fact('Riders')).toBeUndefined();
    expect(fact('Travellers')).toBe('4 riders, 1 non-rider');
    expect(
      screen.getByText(
        'Anna Petrova, Mark Petrov, Lena Sokolova, Ivan Sokolov, Olga Sokolova (not riding)',
      ),
    ).toBeInTheDocument();
  });

  it('asks for no arrival details while travellers cannot give them', async () => {
    const nothingGiven = meetFixture({
      tourists_data: {
        data: [
          {
            tourists: [
              { id: 1, name: 'Anna Petrova', rides: true },
              { id: 2, name: 'Mark Petrov', rides: true },
            ],
          },
        ],
      },
    });
    const { unmount } = await renderMeet(nothingGiven, meetApi().fetch, false);
    expect(screen.getByRole('heading', { name: 'The group' })).toBeInTheDocument();
    expect(screen.getByText('Anna Petrova, Mark Petrov')).toBeInTheDocument();
    expect(screen.queryByText('Not given yet')).toBeNull();
    expect(screen.queryByText('Arrival')).toBeNull();
    unmount();

    // Details given all the same (before the page was closed) are still shown.
    await renderMeet(meetFixture(), meetApi().fetch, false);
    expect(screen.getByRole('heading', { name: 'Arrivals and departures' })).toBeInTheDocument();
    expect(screen.getByText('Flight S7 2519, Gorno-Altaysk')).toBeInTheDocument();
  });

  it('starts from the first template and a template button replaces the text', async () => {
    await renderMeet();
    expect(textArea().value).toBe('We meet you at the arrivals hall of Gorno-Altaysk airport.');
    fireEvent.change(textArea(), { target: { value: 'My own words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Meeting at the base' }));
    expect(textArea().value).toBe('We meet at the Chemal riding base at 10:00.');
    expect(screen.getByRole('button', { name: 'Meeting at the base' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('uploads several files at once, refuses other types, and removes a file', async () => {
    const api = meetApi();
    await renderMeet(meetFixture(), api.fetch);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const files = [
      new File(['%PDF'], 'packing-list.pdf', { type: 'application/pdf' }),
      new File(['x'], 'meeting-point.jpg', { type: 'image/jpeg' }),
      new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' }),
    ];
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
    await screen.findByText('packing-list.pdf');
    await screen.findByText('meeting-point.jpg');
    expect(screen.getByRole('alert')).toHaveTextContent('virus.exe: only images, PDF');
    const uploads = api.calls.filter((call) => call.path.endsWith('meet-file-save'));
    expect(uploads.map((call) => call.body).sort()).toEqual([
      'meeting-point.jpg',
      'packing-list.pdf',
    ]);
    expect(uploads.every((call) => call.key === KEY)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove route-map.pdf' }));
    await waitFor(() => expect(screen.queryByText('route-map.pdf')).not.toBeInTheDocument());
    expect(api.calls.find((call) => call.path.endsWith('meet-delete-file'))?.body).toEqual({
      file_id: 31,
    });
  });

  it("shows the API's reason when it refuses an upload", async () => {
    await renderMeet(meetFixture(), meetApi({ uploadStatus: 422 }).fetch);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File(['not really'], 'fake.pdf', { type: 'application/pdf' })] },
      });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'fake.pdf: The file must be an image or a PDF, Word (doc, docx) or Excel (xls, xlsx) file',
    );
    expect(
      screen.queryByText('fake.pdf', { selector: '.meet-file__name' }),
    ).not.toBeInTheDocument();
  });

  it('saves the text and the files, then shows the success modal', async () => {
    const api = meetApi();
    await renderMeet(meetFixture(), api.fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(dialog).toHaveTextContent('The data has been successfully saved.');
    expect(api.calls.find((call) => call.path.endsWith('meet-save'))).toEqual({
      path: '/spa/contract-organizer-meet-save',
      key: KEY,
      body: {
        contract_id: 1907,
        organizer_meet_data: 'We meet you at the arrivals hall of Gorno-Altaysk airport.',
        files: [31],
      },
    });
  });

  it("shows the server's message in the error modal on 404, and only logs other failures", async () => {
    await renderMeet(meetFixture(), meetApi({ saveStatus: 404 }).fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error while saving data' });
    expect(dialog).toHaveTextContent('This meeting link is no longer valid');
  });

  it('logs a failure other than 404 without a modal', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderMeet(meetFixture(), meetApi({ saveStatus: 422 }).fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Saving the meeting details failed', expect.anything()),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it("refuses to save while a template's placeholder is left, and saves once it is filled", async () => {
    const api = meetApi();
    const stables =
      'Address and map pin: [address, link to the map]\nGuide on duty (phone / WhatsApp): [name, phone]';
    await renderMeet(
      meetFixture({ meet_data_templates: [{ name: 'Meeting at the stables', template: stables }] }),
      api.fetch,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Replace [address, link to the map] and [name, phone] with your own details before saving.',
    );
    expect(textArea()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.path.endsWith('meet-save'))).toHaveLength(0);

    fireEvent.change(textArea(), {
      target: { value: stables.replace('[address, link to the map]', 'Ranch Road 4') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Replace [name, phone] with your own details before saving.',
    );
    expect(api.calls.filter((call) => call.path.endsWith('meet-save'))).toHaveLength(0);

    // Brackets of the organizer's own are no placeholder.
    fireEvent.change(textArea(), {
      target: { value: 'Address: Ranch Road 4 [gate B]\nGuide on duty: Ana, +34 600 000 000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.endsWith('meet-save'))).toHaveLength(1);
  });

  it("shows the API's refusal of the text under the text area", async () => {
    const message = 'Replace [phone] with your own details before saving.';
    const fetch = async (request: Request) =>
      new URL(request.url).pathname.endsWith('meet-save')
        ? Response.json({ message, errors: { organizer_meet_data: [message] } }, { status: 422 })
        : Response.json({ message: 'Not found' }, { status: 404 });
    await renderMeet(meetFixture(), fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks for text before saving an empty form', async () => {
    const api = meetApi();
    await renderMeet(meetFixture({ meet_data_templates: [] }), api.fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Save meeting details' }));
    expect(
      await screen.findByText('Write the meeting details or choose a template.'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
