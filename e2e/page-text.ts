import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements whose text is not prose a visitor reads as the page's language: code, scripts, drawings. */
const SKIPPED = new Set(['script', 'style', 'code', 'pre', 'svg', 'noscript', 'template']);
/** Attributes whose words a visitor (or a screen reader) meets. */
const READ_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];

export interface TextPiece {
  text: string;
  /** The language the piece is marked as (the nearest `lang`). */
  lang: string;
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/**
 * The words of a page as pieces: each text node, each read attribute, the title and the meta description, with
 * the language it is marked in. Whitespace is collapsed; pieces without a letter are left out.
 */
export function pageText(html: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const add = (text: string, lang: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (/\p{L}/u.test(clean)) pieces.push({ text: clean, lang });
  };
  const walk = (node: Node, lang: string) => {
    if (node.nodeName === '#text' && 'value' in node) {
      add(node.value, lang);
      return;
    }
    if (!('tagName' in node)) {
      if ('childNodes' in node) for (const child of node.childNodes) walk(child, lang);
      return;
    }
    const element = node;
    const own = attribute(element, 'lang') ?? lang;
    if (element.tagName === 'meta' && attribute(element, 'name') === 'description') {
      add(attribute(element, 'content') ?? '', own);
    }
    if (SKIPPED.has(element.tagName)) return;
    for (const name of READ_ATTRIBUTES) {
      const value = attribute(element, name);
      if (value) add(value, own);
    }
    const children = element.tagName === 'template' ? [] : element.childNodes;
    for (const child of children) walk(child, own);
  };
  walk(parse(html), '');
  return pieces;
}

/** The page's `<html lang dir>`. */
export function htmlLanguage(html: string): { lang: string | undefined; dir: string | undefined } {
  const tag = /<html\b([^>]*)>/.exec(html)?.[1] ?? '';
  return { lang: /\blang="([^"]*)"/.exec(tag)?.[1], dir: /\bdir="([^"]*)"/.exec(tag)?.[1] };
}

/** The `<link rel="alternate" hreflang>` and canonical links of a page. */
export function languageLinks(html: string): { canonical: string | undefined; alternates: Map<string, string> } {
  const links = [...html.matchAll(/<link\b([^>]*)>/g)].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name.toLowerCase(), value]),
    ),
  );
  return {
    canonical: links.find((link) => link['rel'] === 'canonical')?.['href'],
    alternates: new Map(
      links
        .filter((link) => link['rel'] === 'alternate' && link['hreflang'])
        .map((link) => [link['hreflang']!, link['href']!]),
    ),
  };
}
