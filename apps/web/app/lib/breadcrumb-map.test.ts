import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-map';

const labels = (pathname: string, pageLabel?: string) => breadcrumbTrail(pathname, pageLabel).map((c) => c.label);

describe('breadcrumb trail', () => {
  it('is a single crumb on home, so the bar hides', () => {
    expect(labels('/')).toEqual(['Home']);
  });

  it('puts top-level pages under Home with the seed labels', () => {
    expect(labels('/tools')).toEqual(['Home', 'PDF Tools']);
    expect(labels('/privacy')).toEqual(['Home', 'Privacy Policy']);
    expect(labels('/terms/')).toEqual(['Home', 'Terms of Service']);
  });

  it('puts tools under PDF Tools at both of their paths', () => {
    expect(labels('/page-numbers')).toEqual(['Home', 'PDF Tools', 'Add Page Numbers']);
    expect(breadcrumbTrail('/tools/merge-pdf').map((c) => c.path)).toEqual(['/', '/tools', '/merge-pdf']);
    expect(labels('/extract-text')).toEqual(['Home', 'PDF Tools', 'Extract Text']);
    expect(labels('/secure-pdf')).toEqual(['Home', 'PDF Tools', 'Protect PDF']);
  });

  it('names guides and articles by their own title under their section', () => {
    expect(labels('/guides/how-to-merge-pdf-files', 'How to Merge PDF Files')).toEqual([
      'Home',
      'Guides',
      'How to Merge PDF Files',
    ]);
    expect(labels('/blog/pdf-vs-word-guide', 'PDF vs Word')).toEqual(['Home', 'Blog', 'PDF vs Word']);
  });

  it('has no trail for unknown paths', () => {
    expect(labels('/no-such-page')).toEqual([]);
  });
});
