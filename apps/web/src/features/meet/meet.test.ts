import { ApiError } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import {
  initialMeetText,
  isMeetKey,
  MEET_FILE_MAX_BYTES,
  meetFileProblem,
  meetSaveFailureMessage,
} from './meet';
import { meetFixture } from './testing/meet-fixture';

const file = (name: string, type = '', size = 1000) => ({ name, type, size });

describe('meet page rules', () => {
  it('takes keys of 8 to 128 characters only', () => {
    expect(isMeetKey('')).toBe(false);
    expect(isMeetKey('short')).toBe(false);
    expect(isMeetKey('k'.repeat(8))).toBe(true);
    expect(isMeetKey('k'.repeat(129))).toBe(false);
  });

  it('accepts images, pdf, doc, docx, xls and xlsx, and names the file it refuses', () => {
    for (const ok of [
      file('photo.jpg', 'image/jpeg'),
      file('scan', 'image/png'),
      file('ROUTE.PDF'),
      file('plan.doc'),
      file('plan.docx'),
      file('list.xls'),
      file('list.xlsx'),
    ]) {
      expect(meetFileProblem(ok), ok.name).toBeUndefined();
    }
    expect(meetFileProblem(file('setup.exe', 'application/x-msdownload'))).toBe(
      'setup.exe: only images, PDF, Word (doc, docx) and Excel (xls, xlsx) files can be attached.',
    );
    expect(meetFileProblem(file('notes.txt', 'text/plain'))).toContain('notes.txt: only images');
    expect(meetFileProblem(file('big.pdf', 'application/pdf', MEET_FILE_MAX_BYTES + 1))).toBe(
      'big.pdf: the file is larger than 10 MB.',
    );
  });

  it('starts the text from the saved details, else from the first template', () => {
    expect(initialMeetText(meetFixture())).toBe(
      'We meet you at the arrivals hall of Gorno-Altaysk airport.',
    );
    expect(initialMeetText(meetFixture({ organizer_meet_data: 'Saved text' }))).toBe('Saved text');
    expect(initialMeetText(meetFixture({ organizer_meet_data: '  ' }))).toContain('arrivals hall');
    expect(initialMeetText(meetFixture({ meet_data_templates: [] }))).toBe('');
  });

  it("shows the server's message for a 404 save failure only", () => {
    const notFound = new ApiError({ kind: 'http', status: 404, message: 'Contract not found' });
    expect(meetSaveFailureMessage(notFound)).toBe('Contract not found');
    expect(
      meetSaveFailureMessage(new ApiError({ kind: 'http', status: 500, message: 'Boom' })),
    ).toBeUndefined();
    expect(meetSaveFailureMessage(new Error('offline'))).toBeUndefined();
  });
});
