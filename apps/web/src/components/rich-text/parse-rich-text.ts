/**
 * Turns the HTML of posts, help articles and legal documents into a small tree of allowed
 * elements, so it renders as React elements instead of `dangerouslySetInnerHTML`: React escapes
 * every text and attribute, and anything outside the allowlist never reaches the page. It runs
 * the same on the server and in the browser (no DOM needed), so hydration sees the same tree.
 */

type RichTag =
  | 'p'
  | 'br'
  | 'hr'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'strong'
  | 'em'
  | 'u'
  | 's'
  | 'sub'
  | 'sup'
  | 'small'
  | 'code'
  | 'pre'
  | 'blockquote'
  | 'ul'
  | 'ol'
  | 'li'
  | 'a'
  | 'table'
  | 'thead'
  | 'tbody'
  | 'tr'
  | 'th'
  | 'td';

interface RichElement {
  type: 'element';
  tag: RichTag;
  /** Only `href` on links (checked), nothing else. */
  href?: string;
  children: RichNode[];
}

interface RichTextNode {
  type: 'text';
  text: string;
}

export type RichNode = RichElement | RichTextNode;

/** Allowed tags, and the tag each becomes: the page has its own h1, so a stray h1 is demoted. */
const TAGS: Record<string, RichTag> = {
  p: 'p',
  br: 'br',
  hr: 'hr',
  h1: 'h2',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  s: 's',
  del: 's',
  sub: 'sub',
  sup: 'sup',
  small: 'small',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  a: 'a',
  table: 'table',
  thead: 'thead',
  tbody: 'tbody',
  tr: 'tr',
  th: 'th',
  td: 'td',
};

const VOID_TAGS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'col']);

/** Blocks that end an open paragraph, as in HTML (a `<p>` never holds them). */
const CLOSES_PARAGRAPH = new Set<RichTag>([
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'pre',
  'blockquote',
  'table',
  'hr',
]);

/** Elements that hold only elements: text between their tags is layout whitespace. */
const NO_TEXT_INSIDE = new Set<RichTag>(['ul', 'ol', 'table', 'thead', 'tbody', 'tr']);

/** Elements whose content is not text for the reader: dropped whole, content included. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'title',
  'textarea',
  'select',
  'head',
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  deg: '°',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
  middot: '·',
  bull: '•',
};

/** Decodes character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A link target that is safe to follow: a site path, an anchor, or an http(s), mailto or tel
 * address. Anything else (javascript:, data:, protocol-relative `//host`) is refused.
 */
export function safeHref(raw: string): string | undefined {
  // Browsers ignore control characters and spaces inside a scheme: strip them before judging.
  // eslint-disable-next-line no-control-regex
  const href = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]/g, '');
  if (href === '') return undefined;
  if (href.startsWith('#')) return href;
  if (href.startsWith('/')) return /^\/[/\\]/.test(href) ? undefined : href;
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) ? href : undefined;
}

function readHref(attributes: string): string | undefined {
  const match = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
  if (!match) return undefined;
  return safeHref(match[1] ?? match[2] ?? match[3] ?? '');
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|<|[^<]+/g;

/** Parses `html` into allowed elements and text; unknown tags are unwrapped, their text kept. */
export function parseRichText(html: string): RichNode[] {
  const root: RichElement = { type: 'element', tag: 'p', children: [] };
  const stack: RichElement[] = [root];
  /** The name of an element being dropped with its content, and how deep we are inside it. */
  let dropping: { name: string; depth: number } | undefined;
  const current = () => stack[stack.length - 1] ?? root;

  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes = ''] = match;
    if (token.startsWith('<!--')) continue;
    const name = rawName?.toLowerCase();

    if (dropping) {
      if (name === dropping.name) dropping.depth += closing ? -1 : 1;
      if (dropping.depth === 0) dropping = undefined;
      continue;
    }

    if (name === undefined) {
      const text = token === '<' ? '<' : decodeEntities(token);
      if (NO_TEXT_INSIDE.has(current().tag) && current() !== root && text.trim() === '') continue;
      const siblings = current().children;
      const last = siblings[siblings.length - 1];
      if (last?.type === 'text') last.text += text;
      else siblings.push({ type: 'text', text });
      continue;
    }

    const selfClosing = /\/\s*$/.test(attributes);
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      if (!selfClosing) dropping = { name, depth: 1 };
      continue;
    }

    const tag = TAGS[name];
    if (closing) {
      if (!tag) continue;
      // Close up to the matching open element; a stray closing tag is ignored.
      const index = stack.findLastIndex((element, i) => i > 0 && element.tag === tag);
      if (index > 0) stack.length = index;
      continue;
    }
    if (!tag) continue;
    closeImplied(stack, tag);

    const element: RichElement = { type: 'element', tag, children: [] };
    if (tag === 'a') {
      const href = readHref(attributes);
      if (href) element.href = href;
    }
    current().children.push(element);
    if (!VOID_TAGS.has(name) && !selfClosing) stack.push(element);
  }
  return root.children;
}

/** Closes what HTML closes implicitly before `tag` opens: an open paragraph, a previous item. */
function closeImplied(stack: RichElement[], tag: RichTag) {
  const top = stack[stack.length - 1];
  if (CLOSES_PARAGRAPH.has(tag) && top?.tag === 'p' && stack.length > 1) stack.pop();
  if (tag === 'li') {
    const list = stack.findLastIndex(
      (element, i) =>
        i > 0 && (element.tag === 'ul' || element.tag === 'ol' || element.tag === 'li'),
    );
    if (list > 0 && stack[list]?.tag === 'li') stack.length = list;
  }
}

/** The text of a node and everything inside it. */
function nodeText(node: RichNode): string {
  return node.type === 'text' ? node.text : node.children.map(nodeText).join('');
}

export interface RichHeading {
  id: string;
  text: string;
  level: 2 | 3;
}

function slugifyHeading(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/**
 * Anchors for the h2 and h3 headings, in order, unique within the text: the renderer puts them on
 * the headings and a page can list them as a table of contents.
 */
export function richTextHeadings(nodes: readonly RichNode[]): RichHeading[] {
  const headings: RichHeading[] = [];
  const used = new Map<string, number>();
  const visit = (node: RichNode) => {
    if (node.type === 'text') return;
    if (node.tag === 'h2' || node.tag === 'h3') {
      const text = nodeText(node).replace(/\s+/g, ' ').trim();
      const base = slugifyHeading(text);
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      headings.push({
        id: seen === 0 ? base : `${base}-${seen + 1}`,
        text,
        level: node.tag === 'h2' ? 2 : 3,
      });
      return;
    }
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return headings;
}

/** The headings of an HTML text, as `RichText` anchors them (for a table of contents). */
export function richTextOutline(html: string): RichHeading[] {
  return richTextHeadings(parseRichText(html));
}
