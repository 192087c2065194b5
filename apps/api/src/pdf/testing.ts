/**
 * Test helper: the text of a PDF that pdfkit wrote with embedded (Type0, Identity-H) fonts, in
 * drawing order, one line per text object. Page streams are inflated when compressed; glyph ids
 * are read back to characters through each font's ToUnicode map. Enough for pdfkit's own output,
 * not a general PDF reader.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  stream: string | undefined;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  // latin1 keeps one character per byte, so string offsets are byte offsets.
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dictionary: body, stream: undefined });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const dataStart = start + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? 0);
    const data = pdf.subarray(dataStart, dataStart + length);
    const stream = (
      dictionary.includes('/FlateDecode') ? inflateSync(data) : Buffer.from(data)
    ).toString('latin1');
    objects.set(Number(match[1]), { dictionary, stream });
  }
  return objects;
}

/** Glyph id -> text, from a ToUnicode CMap's `bfrange` arrays and `bfchar` pairs. */
function readCmap(cmap: string): Map<number, string> {
  const glyphs = new Map<number, string>();
  const text = (hex: string) =>
    String.fromCodePoint(
      ...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)),
    );
  for (const [, first, , list] of cmap.matchAll(/<(\w{4})>\s*<(\w{4})>\s*\[([^\]]*)\]/g)) {
    [...list!.matchAll(/<([\w ]*)>/g)].forEach(([, hex], index) =>
      glyphs.set(parseInt(first!, 16) + index, text(hex!)),
    );
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, hex] of block[1]!.matchAll(/<(\w{4})>\s*<([\w ]+)>/g)) {
      glyphs.set(parseInt(glyph!, 16), text(hex!));
    }
  }
  return glyphs;
}

export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  // Resource names (`/F2`) -> their fonts' glyph maps.
  const fonts = new Map<string, Map<number, string>>();
  for (const object of objects.values()) {
    for (const [, name, id] of object.dictionary.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))?.dictionary ?? '';
      const cmapId = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const cmap = cmapId === undefined ? undefined : objects.get(Number(cmapId))?.stream;
      if (cmap) fonts.set(name!, readCmap(cmap));
    }
  }
  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes(' Tf')) continue;
    let glyphs = new Map<number, string>();
    let line = '';
    for (const [, font, shown, end] of stream.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[((?:<\w*>|[-\d.\s])*)\] TJ|\b(ET)\b/g,
    )) {
      if (font) glyphs = fonts.get(font) ?? new Map();
      if (shown) {
        for (const [, hex] of shown.matchAll(/<(\w*)>/g)) {
          for (const unit of hex!.match(/.{4}/g) ?? [])
            line += glyphs.get(parseInt(unit, 16)) ?? '';
        }
      }
      if (end) {
        lines.push(line);
        line = '';
      }
    }
  }
  return lines.join('\n');
}
