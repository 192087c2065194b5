import { useMemo, type ReactNode } from 'react';
import { parseRichText, richTextHeadings, type RichNode } from './parse-rich-text';
import './rich-text.css';

export interface RichTextProps {
  /** HTML from the API (posts, help articles, legal documents). */
  html: string;
  className?: string;
}

/** Opens other sites without handing them this page (`window.opener`) or the referrer path. */
const EXTERNAL_LINK_REL = 'noopener noreferrer';

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function renderNodes(nodes: readonly RichNode[], headingIds: Map<RichNode, string>): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.text;
    const children = renderNodes(node.children, headingIds);
    if (node.tag === 'br' || node.tag === 'hr') {
      const Void = node.tag;
      return <Void key={index} />;
    }
    if (node.tag === 'a') {
      if (!node.href) return <span key={index}>{children}</span>;
      return (
        <a key={index} href={node.href} rel={isExternal(node.href) ? EXTERNAL_LINK_REL : undefined}>
          {children}
        </a>
      );
    }
    const Tag = node.tag;
    return (
      <Tag key={index} id={headingIds.get(node)}>
        {children}
      </Tag>
    );
  });
}

/** The h2/h3 elements of a tree, in document order. */
function headingNodes(nodes: readonly RichNode[]): RichNode[] {
  return nodes.flatMap((node) => {
    if (node.type === 'text') return [];
    if (node.tag === 'h2' || node.tag === 'h3') return [node];
    return headingNodes(node.children);
  });
}

/**
 * Long-form text from the API with reading typography (about 70 characters a line). The HTML is
 * parsed into an allowlist of elements (see `parse-rich-text.ts`), never injected as markup;
 * h2/h3 headings get the anchors `richTextHeadings` lists.
 */
export function RichText({ html, className }: RichTextProps) {
  const content = useMemo(() => {
    const nodes = parseRichText(html);
    const ids = richTextHeadings(nodes).map((heading) => heading.id);
    const headingIds = new Map(headingNodes(nodes).map((node, index) => [node, ids[index] ?? '']));
    return renderNodes(nodes, headingIds);
  }, [html]);
  return <div className={['rich-text', className].filter(Boolean).join(' ')}>{content}</div>;
}
