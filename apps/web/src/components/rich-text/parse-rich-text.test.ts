import { describe, expect, it } from 'vitest';
import { decodeEntities, parseRichText, richTextOutline, safeHref } from './parse-rich-text';

const text = (value: string) => ({ type: 'text', text: value });

describe('parseRichText', () => {
  it('keeps allowed elements and their text', () => {
    expect(parseRichText('<p>Ride <strong>far</strong></p>')).toEqual([
      {
        type: 'element',
        tag: 'p',
        children: [text('Ride '), { type: 'element', tag: 'strong', children: [text('far')] }],
      },
    ]);
  });

  it('drops scripts, styles and frames with their content, and every attribute but a safe href', () => {
    const nodes = parseRichText(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script><style>p{}</style>' +
        '<iframe src="//evil"></iframe> <a href="javascript:alert(1)" onmouseover="x()">there</a></p>',
    );
    expect(nodes).toEqual([
      {
        type: 'element',
        tag: 'p',
        children: [text('Hi '), { type: 'element', tag: 'a', children: [text('there')] }],
      },
    ]);
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(parseRichText('<div><span class="x">Saddle</span> up</div>')).toEqual([
      text('Saddle up'),
    ]);
  });

  it('demotes h1 and maps b/i to strong/em', () => {
    const tags = parseRichText('<h1>A</h1><b>B</b><i>C</i>').map((node) =>
      node.type === 'element' ? node.tag : node.text,
    );
    expect(tags).toEqual(['h2', 'strong', 'em']);
  });

  it('drops layout whitespace inside lists and closes what HTML closes implicitly', () => {
    const [list] = parseRichText('<ul>\n<li>one\n<li>two</ul><p>a<p>b');
    expect(list).toEqual({
      type: 'element',
      tag: 'ul',
      children: [
        { type: 'element', tag: 'li', children: [text('one\n')] },
        { type: 'element', tag: 'li', children: [text('two')] },
      ],
    });
    expect(parseRichText('<p>a<p>b')).toHaveLength(2);
    expect(parseRichText('<p>a<ul><li>b</li></ul>')[1]).toMatchObject({ tag: 'ul' });
  });

  it('reads stray angle brackets and comments without losing text', () => {
    expect(parseRichText('<p>3 < 5<!-- note --> & more</p>')).toEqual([
      { type: 'element', tag: 'p', children: [text('3 < 5 & more')] },
    ]);
  });

  it('keeps void elements empty and ignores stray closing tags', () => {
    expect(parseRichText('a<br>b</em>c<hr/>')).toEqual([
      text('a'),
      { type: 'element', tag: 'br', children: [] },
      text('bc'),
      { type: 'element', tag: 'hr', children: [] },
    ]);
  });
});

describe('safeHref', () => {
  it('allows site paths, anchors, http(s), mailto and tel', () => {
    for (const href of ['/blog', '#top', 'https://x.example/a', 'mailto:a@b.c', 'tel:+1415']) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('refuses script and data URLs, however they are disguised, and other hosts without a scheme', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'vbscript:x',
      '',
    ]) {
      expect(safeHref(href)).toBeUndefined();
    }
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('&amp;&lt;&#8217;&#x2014;&rsquo;&unknown;&#0;')).toBe(
      '&<’—’&unknown;\ufffd',
    );
  });
});

describe('richTextOutline', () => {
  it('lists h2 and h3 headings with unique anchors', () => {
    expect(
      richTextOutline('<h2>1. Who we are</h2><p>x</p><h3>Café</h3><h2>1. Who we are</h2>'),
    ).toEqual([
      { id: '1-who-we-are', text: '1. Who we are', level: 2 },
      { id: 'cafe', text: 'Café', level: 3 },
      { id: '1-who-we-are-2', text: '1. Who we are', level: 2 },
    ]);
  });
});
