/**
 * An operator's legal text (Markdown or plain text) as the HTML the legal pages show: the demo's
 * format, `<h2>` sections and `<p>` paragraphs, with lists, emphasis, code and links. Everything
 * else is text: HTML in the file is escaped, not passed on (the web renders an allowlist anyway).
 */

export interface LegalText {
  /** The file's leading `# Title`, if it has one. */
  title: string | undefined;
  html: string;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** A link's address the pages keep: the site's own paths, web and mail addresses. */
const SAFE_HREF = /^(?:\/(?!\/)|https?:\/\/|mailto:)/i;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Inline Markdown: `code`, [links](/path), **strong** and *em* / _em_. */
function inline(text: string): string {
  const codes: string[] = [];
  // Code first, kept aside (behind a private-use character) so nothing inside it becomes markup.
  const marked = escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  return marked
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (match, label: string, href: string) =>
      SAFE_HREF.test(href) ? `<a href="${href}">${label}</a>` : match,
    )
    .replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)\*(?![\w*])/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_(?=\S)([^_]+?)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/\uE000(\d+)\uE000/g, (_match, index: string) => codes[Number(index)]!);
}

/** The title and HTML of a Markdown or plain-text legal document. */
export function legalTextToHtml(source: string): LegalText {
  const blocks: string[] = [];
  let title: string | undefined;
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;

  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
    if (list) {
      const items = list.items.map((item) => `<li>${inline(item)}</li>`).join('');
      blocks.push(`<${list.tag}>${items}</${list.tag}>`);
    }
    list = undefined;
  };

  for (const raw of source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      const level = heading[1]!.length;
      const text = heading[2]!;
      // The first line's `# Title` names the document; the page shows it as its own heading.
      if (level === 1 && title === undefined && blocks.length === 0) title = text;
      else
        blocks.push(
          level <= 2
            ? `<h2>${inline(text)}</h2>`
            : `<h${Math.min(level, 4)}>${inline(text)}</h${Math.min(level, 4)}>`,
        );
    } else if (item) {
      const tag = BULLET.test(line) ? 'ul' : 'ol';
      if (paragraph.length > 0 || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item[1]!.trim());
    } else if (list && /^\s/.test(raw)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return { title, html: blocks.join('\n') };
}
