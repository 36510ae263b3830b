import { type ToolId, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { describe, expect, it } from 'vitest';
import { contentSlugs } from '../../apps/web/app/site-routes';
import { builtPage } from './built-site';

/**
 * Every guide's call-to-action names a tool page that is there: the link in the guide's prerendered HTML, and the
 * tool page's heading and breadcrumb at that address. Following one guide's call-to-action in a browser, and the
 * page's reload from the server, is content-pages.spec.ts's: the link is the same element on every guide.
 */

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe('guides', () => {
  it.each(contentSlugs('guides'))('the call-to-action of %s points to a tool page that is there', (slug) => {
    const guide = builtPage(`/guides/${slug}`);
    expect(guide, `/guides/${slug} is built`).toBeDefined();
    const links = [...guide!.matchAll(/<a\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => attribute(tag, 'data-testid') === 'tool-call-to-action');
    expect(links, 'one call-to-action').toHaveLength(1);
    const href = attribute(links[0]!, 'href');
    const id = toolIds.find((tool: ToolId) => toolPaths(tool).canonical === href);
    expect(id, `${slug} points to ${href}, a tool page`).toBeDefined();
    const toolPage = builtPage(href!);
    expect(toolPage, `${href} is built`).toBeDefined();
    const title = tools[id!].title;
    const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/
      .exec(toolPage!)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim();
    expect(heading).toBe(title);
    const current = /<[a-z]+\b[^>]*\saria-current="page"[^>]*>([^<]*)</.exec(toolPage!)?.[1];
    expect(current, 'the breadcrumb names the tool page').toBe(title);
  });
});
