import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { activeContentIn } from './attachments.ts';

const PDF = 'application/pdf';
const pdf = (body: string) =>
  Buffer.from(
    `%PDF-1.7\n1 0 obj<</Type/Catalog${body}>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

describe('activeContentIn', () => {
  it('passes a plain PDF and an Office file without macros', () => {
    expect(activeContentIn(pdf('/Pages 2 0 R'), PDF)).toBeUndefined();
    // A name that only starts like one of the active ones is not active.
    expect(activeContentIn(pdf('/JSON (x)'), PDF)).toBeUndefined();
    const docx = Buffer.from('PK\u0003\u0004word/document.xml', 'latin1');
    expect(
      activeContentIn(
        docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ).toBeUndefined();
  });

  it.each([
    ['a script', '/OpenAction<</S/JavaScript/JS(app.alert(1))>>', 'PDF JavaScript'],
    ['an escaped script name', '/OpenAction<</S/J#61vaScript>>', 'PDF JavaScript'],
    ['a launch action', '/OpenAction<</S/Launch/F(cmd.exe)>>', 'PDF Launch'],
    ['an embedded file', '/Names<</EmbeddedFiles 4 0 R>>/EmbeddedFile', 'PDF EmbeddedFile'],
  ])('finds %s in a PDF', (_, body, found) => {
    expect(activeContentIn(pdf(body), PDF)).toBe(found);
  });

  it('finds a script hidden in a compressed stream', () => {
    const hidden = deflateSync(Buffer.from('<</S/JavaScript/JS(app.alert(1))>>'));
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.7\n4 0 obj<</Filter/FlateDecode>>stream\n', 'latin1'),
      hidden,
      Buffer.from('\nendstream endobj\n%%EOF\n', 'latin1'),
    ]);
    expect(activeContentIn(bytes, PDF)).toBe('PDF JavaScript');
  });

  it('finds Office macros in a zip entry and in a compound file', () => {
    const docm = Buffer.from('PK\u0003\u0004word/vbaProject.bin', 'latin1');
    expect(
      activeContentIn(
        docm,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ).toBe('Office macros');
    const doc = Buffer.concat([Buffer.alloc(512), Buffer.from('_VBA_PROJECT', 'utf16le')]);
    expect(activeContentIn(doc, 'application/msword')).toBe('Office macros');
  });
});
