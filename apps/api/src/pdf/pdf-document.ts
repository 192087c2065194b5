/**
 * What the API's PDF documents share (the private tour programme, booking receipts): pdfkit with
 * an embedded DejaVu TTF (pdfkit's built-in fonts garble non-ASCII text), A4 pages, the bytes
 * gathered into one Buffer, and the plain heading and line styles.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The registered font names. */
type PdfFont = 'regular' | 'bold';

export interface PdfOptions {
  /** The document's Title, Subject and Author (Gallop) properties. */
  title: string;
  subject: string;
  /** Page margin in points (default 50). */
  margin?: number;
  /** Deflate the page streams (default true); tests turn it off to read the text. */
  compress?: boolean;
}

export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  /** A section heading: bold, 13 pt, a little space above. */
  heading(text: string): void;
  /** A line of body text: regular, 10 pt. */
  line(text: string): void;
  /** Ends the document: its bytes. */
  finish(): Promise<Buffer>;
}

export async function openPdf(options: PdfOptions): Promise<PdfWriter> {
  // Loaded with the first document asked for, not at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin ?? 50,
    compress: options.compress ?? true,
    info: { Title: options.title, Author: 'Gallop', Subject: options.subject },
  });
  doc.registerFont('regular' satisfies PdfFont, FONT_REGULAR);
  doc.registerFont('bold' satisfies PdfFont, FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    heading: (text) => void doc.moveDown(0.8).font('bold').fontSize(13).text(text),
    line: (text) => void doc.font('regular').fontSize(10).text(text),
    finish() {
      doc.end();
      return done;
    },
  };
}
